/**
 * `npm run build`'s last step: build/pglite-template, the embedded database with every migration
 * applied and no row in it, which a first start on a new DATA_DIR copies instead of running
 * initdb and the migrations (server/db/pglite-template.ts). Written again only when the migrations
 * or PGlite changed since (its stamp, build/pglite-template.stamp, says what it was made from).
 */
import path from 'node:path'
import {
  builtPgliteTemplate,
  isCurrentPgliteTemplate,
  writePgliteTemplate,
} from '#server/db/pglite-template.ts'

const current = await isCurrentPgliteTemplate(builtPgliteTemplate)
if (!current) await writePgliteTemplate(builtPgliteTemplate)
console.log(
  `pglite-template: ${path.relative(process.cwd(), builtPgliteTemplate)} ${current ? 'is current' : 'written'}`,
)
