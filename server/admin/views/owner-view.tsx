/**
 * The owner's view under the inbox's chart (the figures: owner-figures.ts): per staff member the
 * median time to first contact, where each week's leads stand, the top reasons for lost leads.
 */

import type { ReactNode } from 'react'
import { formatDuration } from '#server/leads/business-hours.ts'
import { lostReasonWords } from '../lead-words.ts'
import { type OwnerView, ownerWeeks } from '../owner-figures.ts'
import { formatDay } from '../staff-time.ts'

function weekHeaders(weeks: string[]): ReactNode {
  return weeks.map((week) => (
    <th key={week} scope="col">
      Week of {formatDay(week)}
    </th>
  ))
}

function SpeedTable({ view }: { view: OwnerView }): ReactNode {
  const staff = [...new Set(view.speed.map((row) => row.staff))].sort((a, b) => a.localeCompare(b))
  const cell = (member: string, week: string) => {
    const row = view.speed.find((speed) => speed.staff === member && speed.week === week)
    return row ? (
      <td key={week}>
        {formatDuration(row.medianMs)} <span className="muted">({row.contacted})</span>
      </td>
    ) : (
      <td key={week}>–</td>
    )
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a wide table's scrolling box, reachable by keyboard and named by its caption (axe: scrollable-region-focusable)
    <div className="table-scroll" role="region" aria-labelledby="owner-speed-caption" tabIndex={0}>
      <table className="owner-table">
        <caption id="owner-speed-caption">
          Median time to first contact by who made it, per week received (spam excluded; leads contacted in
          brackets)
        </caption>
        <thead>
          <tr>
            <th scope="col">Staff member</th>
            {weekHeaders(view.weeks)}
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => (
            <tr key={member}>
              <th scope="row">{member}</th>
              {view.weeks.map((week) => cell(member, week))}
            </tr>
          ))}
          <tr>
            <th scope="row">Not yet contacted</th>
            {view.pipeline.map((week) => (
              <td key={week.week}>{week.notContacted}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  )
}

function PipelineTable({ view }: { view: OwnerView }): ReactNode {
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a wide table's scrolling box, reachable by keyboard and named by its caption (axe: scrollable-region-focusable)
    <div className="table-scroll" role="region" aria-labelledby="owner-pipeline-caption" tabIndex={0}>
      <table className="owner-table">
        <caption id="owner-pipeline-caption">Where each week's leads stand now (spam excluded)</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Received</th>
            <th scope="col">Quoted</th>
            <th scope="col">Won</th>
            <th scope="col">Lost</th>
          </tr>
        </thead>
        <tbody>
          {view.pipeline.map((week) => (
            <tr key={week.week}>
              <th scope="row">{formatDay(week.week)}</th>
              <td>{week.received}</td>
              <td>{week.quoted}</td>
              <td>{week.won}</td>
              <td>{week.lost}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function LostReasonTable({ view }: { view: OwnerView }): ReactNode {
  return (
    <table className="owner-table">
      <caption>Top reasons for lost leads, last {ownerWeeks} weeks</caption>
      <thead>
        <tr>
          <th scope="col">Reason</th>
          <th scope="col">Leads</th>
        </tr>
      </thead>
      <tbody>
        {view.lostReasons.length === 0 ? (
          <tr>
            <td colSpan={2}>No lost leads in these weeks.</td>
          </tr>
        ) : null}
        {view.lostReasons.map((row) => (
          <tr key={row.reason}>
            <th scope="row">{lostReasonWords[row.reason] ?? row.reason}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The owner's view, composed by the inbox page at the end of its main content, right under the
 * chart (inbox-page.tsx ends the page with the figures). Nothing without a view (staff members).
 */
export function OwnerViewSection({ view }: { view: OwnerView | undefined }): ReactNode {
  if (!view) return null
  return (
    <section className="owner-view" aria-labelledby="owner-view-heading">
      <h2 id="owner-view-heading">Staff speed and pipeline, last {ownerWeeks} weeks</h2>
      <SpeedTable view={view} />
      <PipelineTable view={view} />
      <LostReasonTable view={view} />
    </section>
  )
}
