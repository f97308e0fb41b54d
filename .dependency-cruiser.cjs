/**
 * The layers inside server/, checked by `npm run lint:layers` (a stage of `npm test`). The order is
 * written in server/README.md ("Layers") and its reasons in the decision record on layers: a folder
 * imports only from folders below it, plus the shared base (config/, forms/, content/) and, for the
 * pages the server renders with the build's own renderer, app/.
 *
 * Bottom first. Each entry is one folder (or one top-level file) of server/; this list and the
 * README's are one list in one order (tests/unit/server-layers.test.ts).
 */
const layers = [
  ['logger', 'server/logger.ts'],
  ['db', 'server/db/'],
  ['jobs', 'server/jobs/'],
  ['views', 'server/views/'],
  ['security', 'server/security/'],
  ['config', 'server/config.ts'],
  ['spam', 'server/spam/'],
  ['backup', 'server/backup/'],
  ['mail', 'server/mail/'],
  ['staff', 'server/staff/'],
  ['site', 'server/site/'],
  ['webhooks', 'server/webhooks/'],
  ['push', 'server/push/'],
  ['leads', 'server/leads/'],
  ['metrics', 'server/metrics/'],
  ['desk', 'server/desk/'],
  ['no-js', 'server/no-js/'],
  ['delivery', 'server/delivery/'],
  ['plugins', 'server/plugins/'],
  ['routes', 'server/routes/'],
  ['admin', 'server/admin/'],
  ['app', 'server/app.ts'],
  ['main', 'server/main.ts'],
]

/** A path as a regular expression: a folder matches everything under it, a file only itself. */
function pattern(path) {
  const escaped = path.replaceAll('.', '\\.')
  return path.endsWith('/') ? `^${escaped}` : `^${escaped}$`
}

const layerRules = layers.slice(0, -1).map(([name, path], index) => {
  const above = layers.slice(index + 1)
  return {
    name: `layer-${name}`,
    comment: `${path} imports only from the layers below it (server/README.md, "Layers"), never from ${above.map(([other]) => other).join(', ')}.`,
    severity: 'error',
    from: { path: pattern(path) },
    to: { path: above.map(([, other]) => pattern(other)) },
  }
})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'shared-base-stands-alone',
      comment:
        'config/, forms/ and content/ are the base the site and the server share: they import neither of them, nor scripts/ or tests/.',
      severity: 'error',
      from: { path: '^(config|forms|content)/' },
      to: { path: '^(app|server|scripts|tests)/' },
    },
    {
      name: 'config-and-forms-first',
      comment: 'config/ and forms/ are the bottom of the shared base: they import nothing of content/.',
      severity: 'error',
      from: { path: '^(config|forms)/' },
      to: { path: '^content/' },
    },
    {
      name: 'site-not-from-server',
      comment:
        'app/ (the site) builds without the server: it imports config/, forms/ and content/, never server/, scripts/ or tests/.',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^(server|scripts|tests)/' },
    },
    {
      name: 'server-not-from-scripts-or-tests',
      comment: 'The server runs without scripts/ and tests/: nothing in it imports them.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(scripts|tests)/' },
    },
    {
      name: 'no-circular',
      comment:
        'No module imports itself through others: the layers rule out a cycle between folders, this one inside a folder.',
      severity: 'error',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment:
        "A server module that nothing imports and that imports nothing is dead code or a lost entry point (the desk's browser scripts in server/admin/assets/ are served, not imported).",
      severity: 'error',
      from: { orphan: true, path: '^server/', pathNot: ['\\.d\\.ts$', '^server/admin/assets/'] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|data|\\.react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
}
