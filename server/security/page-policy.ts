/**
 * Each prerendered page's Content-Security-Policy: scripts and styles only from this origin plus
 * the exact inline scripts and stylesheet the page carries (by their SHA-256; scripts/postbuild.ts
 * inlines the site's stylesheet), frames only from the third parties the agency configured,
 * nothing may frame us. Sent by the static site and the no-JS form pages
 * (server/plugins/static-site.ts, server/no-js/form-pages.ts).
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { frameOrigins } from '#config/agency.ts'

function pagePolicy(scriptHashes: string[], styleHashes: string[] = []): string {
  const scripts = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ')
  const styles = ["'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' ')
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `style-src ${styles}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameOrigins().join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ')
}

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g
const inlineStyle = /<style\b[^>]*>([\s\S]*?)<\/style>/g

function bodyHashes(html: string, element: RegExp): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(element)) {
    const body = match[1] ?? ''
    if (body === '') continue
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`)
  }
  return [...hashes]
}

/** The hashes of a page's inline scripts, as CSP writes them ('sha256-…'). */
function inlineScriptHashes(html: string): string[] {
  return bodyHashes(html, inlineScript)
}

/** The hashes of a page's <style> elements (the inlined stylesheet), as CSP writes them. */
function inlineStyleHashes(html: string): string[] {
  return bodyHashes(html, inlineStyle)
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* htmlFiles(full)
    else if (entry.name.endsWith('.html')) yield full
  }
}

/** Each prerendered page's policy, by the page's file path; read once at start (a rebuild means a restart). */
/** The Content-Security-Policy of one page, allowing exactly its inline scripts and styles. */
export function policyForHtml(html: string): string {
  return pagePolicy(inlineScriptHashes(html), inlineStyleHashes(html))
}

export async function pagePolicies(clientDir: string): Promise<Map<string, string>> {
  const policies = new Map<string, string>()
  for await (const file of htmlFiles(clientDir)) {
    const html = await readFile(file, 'utf8')
    policies.set(file, policyForHtml(html))
  }
  return policies
}

/** The policy for a file being sent, whether fastify-static picked the file itself or its .br/.gz sibling. */
export function policyForFile(policies: Map<string, string>, filePath: string): string | undefined {
  return policies.get(filePath.replace(/\.(br|gz)$/, ''))
}
