/**
 * Serves the responsive files of the images owners upload for the site (config/site-images.ts):
 * `/site-images/<digest>-<width>.<avif|webp|png>`, from DATA_DIR/site/images. A file this process
 * has not made yet (another process published, or the desk previews a draft) is made from the
 * bytes in the database on the first request. Named by content, so cached for a year.
 */
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { siteImagesPath } from '#config/site-images.ts'
import type { Database } from '#server/db/database.ts'
import { variantOnDemand } from '#server/site/site-uploads.ts'

const types: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png' }

export async function siteImageRoutes(
  app: FastifyInstance,
  options: { db: Database; imagesDir: string },
): Promise<void> {
  app.get<{ Params: { file: string } }>(`${siteImagesPath}/:file`, async (request, reply) => {
    const file = await variantOnDemand(options.db, options.imagesDir, request.params.file)
    if (!file) return reply.callNotFound()
    const type = types[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(await readFile(file))
  })
}
