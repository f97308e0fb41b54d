import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { policyForFile } from '../security/page-policy.ts'
import { pageFolder, type SitePages } from '../site/site-pages.ts'
import { isSameOriginLocation } from './security-headers.ts'

export interface StaticSiteOptions {
  /** The build's client folder (build/client): prerendered pages and hashed assets. */
  clientDir: string
  /** Each page's Content-Security-Policy by file path (server/security/page-policy.ts). */
  policies: Map<string, string>
  /** The pages of the published site settings, when the server renders them (server/site). */
  pages?: Pick<SitePages, 'pagesDir' | 'isRenderedPage' | 'isRenderedFile'>
}

const immutable = 'public, max-age=31536000, immutable'
/** Pages and unhashed files: the browser may keep them but asks (ETag) before each use. */
const revalidate = 'no-cache'

/**
 * Paths never served as themselves: React Router's SPA fallback (this site has no client routing
 * to fall back to) and the 404 pages, which only answer unknown paths, with status 404.
 */
function isHiddenPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean)
  if (segments.includes('__spa-fallback.html')) return true
  return segments[0] === '404' || (segments[0] === 'es' && segments[1] === '404')
}

/**
 * Serves the prerendered site: `/insurance` → insurance/index.html, `/insurance/` redirects
 * there; Brotli or gzip siblings (.br, .gz) are sent to browsers that accept them.
 */
export async function staticSitePlugin(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const assetsDir = path.join(options.clientDir, 'assets') + path.sep

  // One URL per page (links and canonical tags have no trailing slash).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const [pathname = '/', query] = splitUrl(request.url)
    // No page has a backslash in its path; a browser would read `/\\host` as another site.
    if (pathname.includes('\\')) {
      reply.callNotFound()
      return reply
    }
    if (pathname.length > 1 && pathname.endsWith('/') && !pathname.startsWith('/api/')) {
      // Leading slashes collapse to one so `//evil.example/` cannot become an off-site redirect; a
      // path a browser would still read as another host (`/\\evil.example/`) is not redirected at
      // all and ends on the 404 page.
      const target = `/${pathname.replace(/^\/+|\/+$/g, '')}${query === undefined ? '' : `?${query}`}`
      if (!isSameOriginLocation(target)) {
        reply.callNotFound()
        return reply
      }
      return reply.redirect(target, 301)
    }
    // A page of the published settings, from the folder in force (the same headers as the build's).
    const pages = options.pages
    if (
      pages &&
      request.routeOptions.url === '/*' &&
      pages.isRenderedPage(pathname) &&
      !isHiddenPath(pathname)
    ) {
      return reply.sendFile(path.join(pageFolder(pathname), 'index.html'), pages.pagesDir())
    }
    // The sitemap, robots.txt and the manifest of the published settings (app/site/site-files.ts).
    if (pages && request.routeOptions.url === '/*' && pages.isRenderedFile(pathname)) {
      return reply.sendFile(pathname.slice(1), pages.pagesDir())
    }
  })

  await app.register(fastifyStatic, {
    root: options.clientDir,
    wildcard: true,
    index: ['index.html'],
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathname) => !isHiddenPath(pathname),
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? immutable : revalidate)
      const policy = policyForFile(options.policies, filePath)
      if (policy) reply.header('content-security-policy', policy)
    },
  })
}

function splitUrl(url: string): [string, string | undefined] {
  const mark = url.indexOf('?')
  return mark === -1 ? [url, undefined] : [url.slice(0, mark), url.slice(mark + 1)]
}

/**
 * Answers an unknown path with the prerendered 404 page and status 404: the Spanish one under
 * /es when the build has it. Read per request: 404s are rare and a rebuild must not need a restart.
 */
export function notFoundPageSender(
  buildDir: string,
  policies: Map<string, string>,
  pagesDir: () => string = () => buildDir,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const clientDir = pagesDir()
    const spanish = request.url === '/es' || request.url.startsWith('/es/') || request.url.startsWith('/es?')
    const candidates = [...(spanish ? [path.join(clientDir, 'es', '404', 'index.html')] : [])]
    candidates.push(path.join(clientDir, '404', 'index.html'))
    for (const file of candidates) {
      try {
        const html = await readFile(file)
        const policy = policyForFile(policies, file)
        if (policy) reply.header('content-security-policy', policy)
        return reply.code(404).type('text/html; charset=utf-8').header('cache-control', revalidate).send(html)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  }
}
