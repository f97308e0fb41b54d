import { html } from 'htm/react'
import type { ReactNode } from 'react'
import { type LeadSource, sourceCampaign } from '../leads/lead-source.ts'

/** The ad networks of the click ids the site notes (server/leads/lead-source.ts), as staff know them. */
const clickIdNetworks: Record<string, string> = {
  gclid: 'Google Ads',
  gbraid: 'Google Ads',
  wbraid: 'Google Ads',
  dclid: 'Google Display',
  fbclid: 'Facebook or Instagram',
  msclkid: 'Microsoft Ads',
  ttclid: 'TikTok',
  twclid: 'X (Twitter)',
  li_fat_id: 'LinkedIn',
}

/** "Google Ads (gclid)": the network of a click id kind, with the kind for whoever reads the raw data. */
export function clickIdName(kind: string | undefined): string {
  if (!kind) return ''
  const network = clickIdNetworks[kind]
  return network ? `${network} (${kind})` : kind
}

function row(term: string, value: string | undefined): ReactNode {
  return value
    ? html`<div key=${term}><dt>${term}</dt><dd><span className="value">${value}</span></dd></div>`
    : null
}

/**
 * The lead page's "Source" block: where the visitor's visit began, as their tab recorded it
 * (docs/api.md, "Where a lead came from"). A lead sent without JavaScript has none, and says so.
 */
export function leadSourceSection(source: LeadSource | null | undefined): ReactNode {
  return html`<section aria-labelledby="source-heading" data-source="">
    <h2 id="source-heading">Source</h2>
    ${
      source
        ? html`<dl className="summary">
            ${row('Source / campaign', sourceCampaign(source))}
            ${row('Medium', source.utmMedium)}
            ${row('Landing page', source.landing)}
            ${row('Referred by', source.referrer)}
            ${row('Ad click', clickIdName(source.clickId))}
            ${row('Search term', source.utmTerm)}
            ${row('Ad content', source.utmContent)}
          </dl>`
        : html`<p className="muted">Not known: the visitor's browser did not say (JavaScript off, or a lead from before the site recorded it).</p>`
    }
  </section>`
}
