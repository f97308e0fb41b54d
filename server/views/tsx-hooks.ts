/**
 * Lets node run the server's .tsx views (docs/decisions/044-server-views-in-tsx.md): node strips
 * types from .ts but does not compile JSX, so a .tsx module is loaded through compile-view.ts.
 * Imported first by every node entry that reaches a view (server/main.ts, scripts/openapi.ts),
 * which then imports the rest dynamically: a static import would be loaded before this runs.
 */
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'
import { loadView } from './compile-view.ts'

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context)
    return { format: 'module', source: loadView(fileURLToPath(url)), shortCircuit: true }
  },
})
