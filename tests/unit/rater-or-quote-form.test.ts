/**
 * The auto and home pages' quote section with a rater's address configured (a fresh install has
 * none, and the built pages show that case: tests/e2e/pages.spec.ts). Rendered as the prerender
 * renders it, in both languages: the rater's frame and its fallback link (docs/contracts.md,
 * "Pages"), then the
 * site's own quote request with the page's line chosen, offered as the alternative.
 */
import { load } from 'cheerio'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RaterOrQuoteForm } from '#app/components/rater-or-quote-form.tsx'
import { autoPage } from '#content/pages/auto.ts'
import { homeInsurancePage } from '#content/pages/home-insurance.ts'

const raterUrl = 'https://rater.example/agency/oakridge?line=auto'

function render(
  path: string,
  page: Parameters<typeof RaterOrQuoteForm>[0]['page'],
  url: string | null,
  line: string,
) {
  return load(
    renderToString(
      createElement(
        MemoryRouter,
        { initialEntries: [path] },
        createElement(RaterOrQuoteForm, { page, raterUrl: url, line }),
      ),
    ),
  )
}

describe.each([
  ['/insurance/vehicle/auto', autoPage.en, 'Auto Insurance'],
  ['/es/insurance/vehicle/auto', autoPage.es, 'Auto Insurance'],
  ['/insurance/property/home', homeInsurancePage.en, 'Home Insurance'],
  ['/es/insurance/property/home', homeInsurancePage.es, 'Home Insurance'],
] as const)('%s with a rater configured', (path, page, line) => {
  it('shows the rater in a frame with its fallback link, then the own quote request as the alternative', () => {
    const $ = render(path, page, raterUrl, line)
    const frame = $('iframe')
    expect(frame).toHaveLength(1)
    // The address is set once the frame is on screen (no third party contacted before that).
    expect(frame.attr('data-src')).toBe(raterUrl)
    expect(frame.attr('src')).toBeUndefined()
    expect(frame.attr('title')).toBeTruthy()
    const fallback = $(`a[href="${raterUrl}"]`)
    expect(fallback).toHaveLength(1)
    expect(fallback.attr('target')).toBe('_blank')
    expect(fallback.text()).toContain(page.frame.fallbackLabel)
    expect($('h3').text()).toContain(page.ownForm.alternativeHeading)
    const form = $('form[data-form-key="quote-request"]')
    expect(form).toHaveLength(1)
    expect(form.find('select[name="consultationType"] option[selected]').attr('value')).toBe(line)
    // The frame comes first; the alternative follows it.
    expect($.html().indexOf('<iframe')).toBeLessThan($.html().indexOf('data-form-key="quote-request"'))
  })

  it('without a rater shows no frame, only the quote request with its own heading', () => {
    const $ = render(path, page, null, line)
    expect($('iframe')).toHaveLength(0)
    expect($.text()).toContain(page.ownForm.heading)
    expect(
      $('form[data-form-key="quote-request"] select[name="consultationType"] option[selected]').attr('value'),
    ).toBe(line)
  })
})
