/**
 * Pages for forms posted by the browser itself (no JavaScript): the form's own prerendered page
 * sent back with the visitor's answers and the errors (400), the thank-you page with the request's
 * reference, and short notices (429, 500) in the site's shell. Each is a prerendered page with one
 * part rendered again by the same React components (app/no-js/pages.tsx, bundled into
 * build/no-js by the build): the part is found as the components render it unchanged, and the new
 * rendering takes its place. So a form sent back is the form the visitor saw, with one error
 * summary and one wording, and React escapes everything the visitor typed.
 * The island's script is left out of a page sent back: it shows what the server decided.
 */

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { withLocale } from '#app/site/route-table.ts'
import { agency } from '#config/agency.ts'
import type { Locale } from '#content/locale.ts'
import { noJsCopy } from '#content/no-js.ts'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { parseLeadReference } from '../leads/lead-reference.ts'
import { policyForFile } from '../security/page-policy.ts'

type Renderer = typeof import('#app/no-js/pages.tsx')

interface RenderedPage {
  html: string
  /** The Content-Security-Policy of the prerendered file it came from. */
  policy: string | undefined
}

export interface FormPages {
  /** The page of `formKey` in `locale` (the one posted to, or the visitor came from, when it carries that form). */
  invalidForm(options: {
    form: FormDefinition
    locale: Locale
    /** The page the form was posted from ('/es/contact'): its own address, or the Referer's. */
    pagePath: string | undefined
    values: Record<string, string>
    errors: Record<string, string>
  }): Promise<RenderedPage | undefined>
  /** `sent`: the form the request came from and when, for what happens next (the call-back promise). */
  thankYou(
    locale: Locale,
    reference: string | undefined,
    sent: { form: FormDefinition | undefined; at: Date },
  ): Promise<RenderedPage | undefined>
  notice(
    locale: Locale,
    kind: 'rate-limited' | 'failed',
    options: { retryAfterSeconds?: number; backPath?: string },
  ): Promise<RenderedPage | undefined>
}

/** Where the build puts the renderer: beside build/client, never served. */
function rendererFile(clientDir: string): string {
  return path.join(clientDir, '..', 'no-js', 'pages.js')
}

/** Puts `replacement` where `part` is in `html`; undefined when the page does not hold it. */
function replacePart(html: string, part: string, replacement: string): string | undefined {
  const at = html.indexOf(part)
  return at < 0 ? undefined : html.slice(0, at) + replacement + html.slice(at + part.length)
}

/** The page's <title> text replaced (React Router's <Meta> renders exactly one). */
function withTitle(html: string, title: (current: string) => string): string {
  const start = html.indexOf('<title>') + '<title>'.length
  const end = html.indexOf('</title>', start)
  if (start < '<title>'.length || end < 0) return html
  return html.slice(0, start) + title(html.slice(start, end)) + html.slice(end)
}

/** The characters React escapes in an attribute value, back (only to read what it wrote). */
function attributeText(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/**
 * The values a page starts its form with (the auto page's line of insurance), which the form region
 * was rendered with: from the island's data attribute, as the island itself reads them. The region
 * found with them is checked byte for byte, so a misread only means "not found".
 */
function pageInitialValues(html: string, formKey: string): Record<string, string> | undefined {
  const opening = `data-lead-form="${formKey}" data-initial-values="`
  const start = html.indexOf(opening)
  if (start < 0) return undefined
  const end = html.indexOf('"', start + opening.length)
  try {
    const parsed: unknown = JSON.parse(attributeText(html.slice(start + opening.length, end)))
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : undefined
  } catch {
    return undefined
  }
}

/** The island's wake-up script cut out, whatever hashed file the build named in it. */
function withoutIsland(html: string, render: Renderer): string {
  const placeholder = 'island-src'
  const script = render.renderIslandScript(placeholder)
  const at = script.indexOf(placeholder)
  const before = script.slice(0, at)
  const after = script.slice(at + placeholder.length)
  const start = html.indexOf(before)
  const end = start < 0 ? -1 : html.indexOf(after, start + before.length)
  if (end < 0) return html
  return html.slice(0, start) + html.slice(end + after.length)
}

/**
 * Reads the renderer the build made from the site's components (vite.no-js.config.ts). A site
 * folder without it (a build older than the renderer, a test's own pages) gets no pages: the
 * answers are then what a script would get.
 */
export async function loadFormPages(
  clientDir: string,
  policies: Map<string, string>,
  /** Where the pages in force are (the published settings' folder, server/site); the build's by default. */
  pagesDir: () => string = () => clientDir,
): Promise<FormPages> {
  // Loaded by the first answer that needs it, not at start: React and the site's components hold
  // about 25 MB of the server's memory, for a page only a browser without JavaScript is sent.
  let renderer: Promise<Renderer | undefined> | undefined
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile(clientDir)).href).catch((error: unknown) => {
      if ((error as { code?: unknown })?.code === 'ERR_MODULE_NOT_FOUND') return undefined
      throw error
    })
    return renderer
  }
  const localized = (locale: Locale, page: string) =>
    path.join(pagesDir(), ...withLocale(locale, page).split('/').filter(Boolean), 'index.html')
  const read = (htmlFile: string) => readFile(htmlFile, 'utf8').catch(() => undefined)
  const page = (html: string, htmlFile: string): RenderedPage => ({
    html,
    policy: policyForFile(policies, htmlFile),
  })

  return {
    async invalidForm({ form, locale, pagePath: postedFrom, values, errors }) {
      const render = await loadRenderer()
      if (!render) return undefined
      const chosen =
        form.pages.find((candidate) => withLocale(locale, candidate) === postedFrom) ?? form.pages[0]
      const htmlFile = localized(locale, chosen)
      const html = await read(htmlFile)
      if (!html) return undefined
      const copy = noJsCopy[locale]
      const initialValues = pageInitialValues(html, form.key)
      const pagePath = withLocale(locale, chosen)
      const shown: Record<string, string> = {}
      const notes: Record<string, string> = {}
      for (const field of allFields(form)) {
        const value = values[field.name]
        if (value === undefined) continue
        // An SSN or EIN is never sent back (docs/contracts.md, "Sensitive fields").
        if (!field.sensitive) shown[field.name] = value
        else if (value && !errors[field.name]) notes[field.name] = copy.typeAgain
      }
      const answered = replacePart(
        html,
        render.renderFormRegion({ form, locale, pagePath, initialValues }),
        render.renderFormRegion({
          form,
          locale,
          pagePath,
          initialValues,
          answer: { values: shown, errors, notes },
        }),
      )
      if (!answered) return undefined
      const titled = withTitle(answered, (title) => `${render.renderText(copy.errorTitlePrefix)}${title}`)
      return page(withoutIsland(titled, render), htmlFile)
    },

    async thankYou(locale, reference, sent) {
      const htmlFile = localized(locale, '/thank-you')
      const html = await read(htmlFile)
      if (!html) return undefined
      const parsed = reference ? parseLeadReference(reference) : undefined
      const render = parsed ? await loadRenderer() : undefined
      const filled =
        parsed && render
          ? replacePart(html, render.renderThankYou(locale), render.renderThankYou(locale, parsed, sent))
          : html
      return filled ? page(filled, htmlFile) : undefined
    },

    async notice(locale, kind, { retryAfterSeconds, backPath }) {
      const render = await loadRenderer()
      if (!render) return undefined
      const htmlFile = localized(locale, '/404')
      const html = await read(htmlFile)
      if (!html) return undefined
      const heading = render.noticeHeading(locale, kind)
      const body = replacePart(
        html,
        render.renderNotFound(locale),
        render.renderNotice(locale, kind, { retryAfterSeconds, backPath }),
      )
      if (!body) return undefined
      const titled = withTitle(body, () => render.renderText(`${heading} | ${agency.name}`))
      // Not a page to list: the 404 page it is made from has no robots line of its own.
      const noindex = '<meta name="robots" content="noindex"/>'
      const closing = titled.indexOf('</head>')
      return page(
        titled.includes('<meta name="robots"') || closing < 0
          ? titled
          : titled.slice(0, closing) + noindex + titled.slice(closing),
        htmlFile,
      )
    },
  }
}
