/**
 * What a page needs after React Router renders it, the same at build time (scripts/postbuild.ts)
 * and when the server renders a published version of the settings (server/site/site-pages.ts):
 * the lead-form island's hashed file in place of its placeholder, and the site's stylesheet
 * inlined as one <style> (no render-blocking request; the Content-Security-Policy allows it by
 * its hash, server/security/page-policy.ts).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { leadFormIslandPlaceholder } from './lead-form-island.ts'

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g

export async function finishPage(
  html: string,
  assets: { islandSrc: string; stylesheet: (href: string) => Promise<string> },
): Promise<string> {
  let page = html.replaceAll(leadFormIslandPlaceholder, assets.islandSrc)
  for (const [link, href] of page.matchAll(stylesheetLink)) {
    if (!href) continue
    const css = await assets.stylesheet(href)
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined (it contains </style)`)
    page = page.replace(link, () => `<style>${css}</style>`)
  }
  return page
}

/**
 * What `finishPage` inlines: the build's stylesheets (`/assets/root-….css`) read from its client
 * folder, each once.
 */
export function stylesheetReader(clientDir: string): (href: string) => Promise<string> {
  const read = new Map<string, Promise<string>>()
  return (href) => {
    let css = read.get(href)
    if (!css) {
      css = readFile(path.join(clientDir, href), 'utf8').then((text) => text.trim())
      read.set(href, css)
    }
    return css
  }
}
