/**
 * The staff API's OpenAPI document made outside a running server: the API's plugin registered on
 * its own, its collector read. Apart from openapi.ts so the plugin, which registers the collector,
 * and this reader of the plugin do not import each other.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { apiRoutes } from './api-routes.ts'

/**
 * The document, from the API's routes registered on their own (nothing is called: the options are
 * only read when a request comes). Used by `npm run openapi` and by the test that the committed
 * copy is current.
 */
export async function openApiDocument(): Promise<unknown> {
  const app = Fastify({ logger: false })
  let api: FastifyInstance | undefined
  // The plugin is called in a scope of ours, so the document's decorator is reachable from here.
  await app.register(async (scope) => {
    api = scope
    await apiRoutes(scope, {
      db: undefined as never,
      desk: {} as never,
      cookieSecure: true,
      pageSize: 50,
      now: () => new Date(),
      site: { refresh: async () => undefined },
      webhooks: { encryptionKey: Buffer.alloc(32), siteUrl: 'https://example.com' },
    })
  })
  await app.ready()
  const document = api?.swagger()
  await app.close()
  return document
}
