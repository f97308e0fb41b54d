/**
 * Pages for forms posted by the browser itself (no JavaScript): the form's own prerendered page
 * sent back with the visitor's answers and the errors (400), the thank-you page with the request's
 * reference, and short notices (429, 500) in the site's shell. All start from the prerendered HTML,
 * so they look and read exactly like the site; cheerio edits that HTML (escaping by construction).
 * The island's scripts are left out of a page sent back: it shows what the server decided.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import * as cheerio from 'cheerio'
import { agency } from '../../config/agency.ts'
import { agencyPhone } from '../../config/agency-facts.ts'
import { formUiCopy } from '../../content/form-ui.ts'
import { type NoJsCopy, noJsCopy } from '../../content/no-js.ts'
import { allFields, type FormDefinition } from '../../forms/engine.ts'
import { parseLeadReference } from '../leads/lead-reference.ts'
import { policyForFile } from '../plugins/security-headers.ts'

type PageLocale = 'en' | 'es'

interface RenderedPage {
  html: string
  /** The Content-Security-Policy of the prerendered file it came from. */
  policy: string | undefined
}

export interface FormPages {
  /** The page of `formKey` in `locale` (the one the visitor came from when it carries that form). */
  invalidForm(options: {
    form: FormDefinition
    locale: PageLocale
    refererPath: string | undefined
    values: Record<string, string>
    errors: Record<string, string>
  }): Promise<RenderedPage | undefined>
  thankYou(locale: PageLocale, reference: string | undefined): Promise<RenderedPage | undefined>
  notice(
    locale: PageLocale,
    kind: 'rate-limited' | 'failed',
    options: { retryAfterSeconds?: number; backPath?: string },
  ): Promise<RenderedPage | undefined>
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* htmlFiles(full)
    else if (entry.name === 'index.html') yield full
  }
}

function localeOfFile(clientDir: string, file: string): PageLocale {
  const relative = path.relative(clientDir, file).split(path.sep)
  return relative[0] === 'es' ? 'es' : 'en'
}

function pathOfFile(clientDir: string, file: string): string {
  const dir = path.dirname(path.relative(clientDir, file))
  return dir === '.' ? '/' : `/${dir.split(path.sep).join('/')}`
}

/** Reads the build once at start: which page carries which form, in which language. */
export async function loadFormPages(clientDir: string, policies: Map<string, string>): Promise<FormPages> {
  const pagesByForm = new Map<string, { file: string; locale: PageLocale; path: string }[]>()
  for await (const file of htmlFiles(clientDir)) {
    const html = await readFile(file, 'utf8')
    for (const match of html.matchAll(/data-form-key="([a-z-]+)"/g)) {
      const key = match[1] as string
      const list = pagesByForm.get(key) ?? []
      list.push({ file, locale: localeOfFile(clientDir, file), path: pathOfFile(clientDir, file) })
      pagesByForm.set(key, list)
    }
  }

  const load = async (file: string) => cheerio.load(await readFile(file, 'utf8'))
  const page = ($: cheerio.CheerioAPI, file: string): RenderedPage => ({
    html: $.html(),
    policy: policyForFile(policies, file),
  })
  const localized = (locale: PageLocale, relative: string) =>
    path.join(clientDir, ...(locale === 'es' ? ['es'] : []), relative, 'index.html')

  return {
    async invalidForm({ form, locale, refererPath, values, errors }) {
      const candidates = (pagesByForm.get(form.key) ?? []).filter((entry) => entry.locale === locale)
      const chosen = candidates.find((entry) => entry.path === refererPath) ?? candidates[0]
      if (!chosen) return undefined
      const $ = await load(chosen.file)
      const copy = noJsCopy[locale]
      fillForm($, form, values, errors, copy)
      $('title').text(`${copy.errorTitlePrefix}${$('title').text()}`)
      withoutIsland($)
      return page($, chosen.file)
    },

    async thankYou(locale, reference) {
      const file = localized(locale, 'thank-you')
      const $ = await load(file).catch(() => undefined)
      if (!$) return undefined
      const parsed = reference ? parseLeadReference(reference) : undefined
      if (parsed) $('[data-lead-reference]').text(parsed)
      return page($, file)
    },

    async notice(locale, kind, { retryAfterSeconds, backPath }) {
      const file = localized(locale, '404')
      const $ = await load(file).catch(() => undefined)
      if (!$) return undefined
      const copy = noJsCopy[locale]
      const heading = kind === 'rate-limited' ? copy.rateLimitedHeading : formUiCopy[locale].failureMessage
      const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60))
      const main = $('main')
      main.empty()
      const section = $('<div class="section"><div class="container prose"></div></div>')
      const body = section.find('.container')
      body.append($('<h1></h1>').text(heading))
      body.append($('<p></p>').text(kind === 'rate-limited' ? copy.tryAgainIn(minutes) : copy.failedText))
      const call = $('<p></p>').text(`${copy.callUs} `)
      call.append($('<a></a>').attr('href', agencyPhone.href).text(agencyPhone.display))
      body.append(call)
      body.append(
        $('<p></p>').append(
          $('<a></a>')
            .attr('href', backPath ?? '/')
            .text(copy.goBack),
        ),
      )
      main.append(section)
      $('title').text(`${heading} | ${agency.name}`)
      $('meta[name="robots"]').remove()
      $('head').append('<meta name="robots" content="noindex">')
      return page($, file)
    },
  }
}

/** The island would hydrate over the server's answers; the page sent back works without it. */
function withoutIsland($: cheerio.CheerioAPI): void {
  $('script[data-lead-form-island]').remove()
}

function controlId(control: ReturnType<cheerio.CheerioAPI>): string {
  return control.attr('id') ?? control.closest('.field').find('[id]').first().attr('id') ?? ''
}

/** Puts the visitor's answers back in the form, the errors beside their fields and a summary on top. */
function fillForm(
  $: cheerio.CheerioAPI,
  form: FormDefinition,
  values: Record<string, string>,
  errors: Record<string, string>,
  copy: NoJsCopy,
): void {
  const formElement = $(`form[data-form-key="${form.key}"]`)
  const summaryItems: { id: string; message: string }[] = []
  for (const field of allFields(form)) {
    const controls = formElement.find(`[name="${cssEscape(field.name)}"]`)
    if (controls.length === 0) continue
    const first = controls.first()
    const value = field.sensitive ? '' : (values[field.name] ?? '')
    switch (field.kind) {
      case 'radio':
        controls.each((_, element) => {
          const radio = $(element)
          if (radio.attr('value') === value) radio.attr('checked', '')
          else radio.removeAttr('checked')
        })
        break
      case 'checkbox':
        if (value === 'true') first.attr('checked', '')
        else first.removeAttr('checked')
        break
      case 'select':
        first.find('option').each((_, element) => {
          const option = $(element)
          if (option.attr('value') === value) option.attr('selected', '')
          else option.removeAttr('selected')
        })
        break
      case 'textarea':
        first.text(value)
        break
      default:
        if (!(field.kind === 'text' && field.honeypot)) first.attr('value', value)
    }
    const id = controlId(first)
    const message = errors[field.name] ?? (field.sensitive && values[field.name] ? copy.typeAgain : undefined)
    if (!message) continue
    const errorId = `${id}-error`
    const wrapper = first.closest('.field')
    wrapper.find('.field__error').remove()
    const errorElement = $('<span class="field__error"></span>').attr('id', errorId).text(message)
    wrapper.append(errorElement)
    const describedBy = [first.attr('aria-describedby'), errorId].filter(Boolean).join(' ')
    const target = field.kind === 'radio' ? wrapper : first
    target.attr('aria-describedby', describedBy)
    if (errors[field.name]) {
      first.attr('aria-invalid', 'true')
      summaryItems.push({ id, message: `${labelOf($, first, field.label)}: ${errors[field.name]}` })
    }
  }
  if (summaryItems.length === 0 && Object.keys(errors).length === 0) return
  // Focused on load without any script (autofocus), so keyboard and screen reader users start there.
  const summary = $('<div class="error-summary" role="alert" tabindex="-1" autofocus></div>')
  summary.append($('<h2 class="error-summary__title"></h2>').text(copy.summaryTitle))
  const list = $('<ul class="error-summary__list"></ul>')
  for (const item of summaryItems) {
    list.append($('<li></li>').append($('<a></a>').attr('href', `#${item.id}`).text(item.message)))
  }
  summary.append(list)
  summary.attr('id', `${form.key}-error-summary`)
  formElement.prepend(summary)
}

/** The label text the visitor sees (without the required asterisk). */
function labelOf($: cheerio.CheerioAPI, control: ReturnType<cheerio.CheerioAPI>, fallback: string): string {
  const id = control.attr('id')
  const label = id ? $(`label[for="${id}"]`).first() : undefined
  const legend = control.closest('fieldset.field--radio').find('legend').first()
  const source = label && label.length > 0 ? label : legend
  const text = source.clone().find('.required-mark').remove().end().text().trim()
  return text || fallback
}

function cssEscape(name: string): string {
  return name.replace(/["\\]/g, '\\$&')
}
