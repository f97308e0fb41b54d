/**
 * The owner's view under the inbox's chart (the figures: owner-figures.ts): per staff member the
 * median time to first contact, where each week's leads stand, the top reasons for lost leads.
 */
import { html } from 'htm/react'
import { Fragment, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { formatDuration } from '#server/leads/business-hours.ts'
import { lostReasonWords } from '../lead-words.ts'
import { type OwnerView, ownerWeeks } from '../owner-figures.ts'
import { formatDay } from '../staff-time.ts'

function weekHeaders(weeks: string[]): ReactNode {
  return weeks.map((week) => html`<th key=${week} scope="col">Week of ${formatDay(week)}</th>`)
}

function speedTable(view: OwnerView): ReactNode {
  const staff = [...new Set(view.speed.map((row) => row.staff))].sort((a, b) => a.localeCompare(b))
  const cell = (member: string, week: string) => {
    const row = view.speed.find((speed) => speed.staff === member && speed.week === week)
    return row
      ? html`<td key=${week}>${formatDuration(row.medianMs)} <span className="muted">(${row.contacted})</span></td>`
      : html`<td key=${week}>–</td>`
  }
  return html`<div className="table-scroll" role="region" aria-labelledby="owner-speed-caption" tabIndex="0">
    <table className="owner-table">
      <caption id="owner-speed-caption">Median time to first contact by who made it, per week received (spam excluded; leads contacted in brackets)</caption>
      <thead><tr><th scope="col">Staff member</th>${weekHeaders(view.weeks)}</tr></thead>
      <tbody>
        ${staff.map(
          (member) => html`<tr key=${member}>
            <th scope="row">${member}</th>
            ${view.weeks.map((week) => cell(member, week))}
          </tr>`,
        )}
        <tr>
          <th scope="row">Not yet contacted</th>
          ${view.pipeline.map((week) => html`<td key=${week.week}>${week.notContacted}</td>`)}
        </tr>
      </tbody>
    </table>
  </div>`
}

function pipelineTable(view: OwnerView): ReactNode {
  return html`<div className="table-scroll" role="region" aria-labelledby="owner-pipeline-caption" tabIndex="0">
    <table className="owner-table">
      <caption id="owner-pipeline-caption">Where each week's leads stand now (spam excluded)</caption>
      <thead>
        <tr>
          <th scope="col">Week of</th><th scope="col">Received</th><th scope="col">Quoted</th>
          <th scope="col">Won</th><th scope="col">Lost</th>
        </tr>
      </thead>
      <tbody>
        ${view.pipeline.map(
          (week) => html`<tr key=${week.week}>
            <th scope="row">${formatDay(week.week)}</th>
            <td>${week.received}</td><td>${week.quoted}</td><td>${week.won}</td><td>${week.lost}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`
}

function lostReasonTable(view: OwnerView): ReactNode {
  return html`<table className="owner-table">
    <caption>Top reasons for lost leads, last ${ownerWeeks} weeks</caption>
    <thead><tr><th scope="col">Reason</th><th scope="col">Leads</th></tr></thead>
    <tbody>
      ${view.lostReasons.length === 0 ? html`<tr><td colSpan="2">No lost leads in these weeks.</td></tr>` : null}
      ${view.lostReasons.map(
        (row) => html`<tr key=${row.reason}>
          <th scope="row">${lostReasonWords[row.reason] ?? row.reason}</th><td>${row.count}</td>
        </tr>`,
      )}
    </tbody>
  </table>`
}

function ownerViewSection(view: OwnerView): ReactNode {
  return html`<section className="owner-view" aria-labelledby="owner-view-heading">
    <h2 id="owner-view-heading">Staff speed and pipeline, last ${ownerWeeks} weeks</h2>
    ${speedTable(view)}
    ${pipelineTable(view)}
    ${lostReasonTable(view)}
  </section>`
}

/**
 * The inbox page with the owner's view at the end of its main content, right under the chart
 * (inbox-page.ts ends the page with the figures). Nothing changes without a view (staff members).
 */
export function withOwnerView(page: string, view: OwnerView | undefined): string {
  const end = page.lastIndexOf('</main>')
  if (!view || end < 0) return page
  return `${page.slice(0, end)}${renderToStaticMarkup(html`<${Fragment}>${ownerViewSection(view)}<//>`)}${page.slice(end)}`
}
