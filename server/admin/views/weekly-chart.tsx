/**
 * The inbox's chart: leads per week, stacked by line of insurance, drawn as an inline SVG on the
 * server (no chart library, no script). Colours are SVG attributes, not styles, so the strict
 * Content-Security-Policy (style-src 'self') holds. Screen readers get a one-line summary as the
 * image's name and the numbers as a table.
 */

import { Fragment, type ReactNode } from 'react'
import { addDays } from '#forms/dates.ts'
import type { WeeklyCount } from '#server/leads/lead-queries.ts'
import { type InsuranceLine, insuranceLineLabels, insuranceLineOf } from '../insurance-lines.ts'
import type { WeeklySourceCount } from '../lead-source.ts'
import { formatDay } from '../staff-time.ts'

const chartWeeks = 12

export interface WeekRow {
  /** Monday, YYYY-MM-DD. */
  week: string
  byLine: Record<InsuranceLine, number>
  total: number
  /** Leads by where they came from (lead-source.ts); absent when not counted. */
  bySource?: Map<string, number>
}

function emptyLines(): Record<InsuranceLine, number> {
  return { vehicle: 0, property: 0, life: 0, business: 0, specialty: 0, service: 0 }
}

/** The first of the `chartWeeks` weeks ending with the one starting `currentWeek`. */
export function firstChartWeek(currentWeek: string): string {
  return addDays(currentWeek, -7 * (chartWeeks - 1))
}

/** One row per week, oldest first, weeks without leads included. */
export function weekRows(currentWeek: string, counts: WeeklyCount[]): WeekRow[] {
  const rows = Array.from({ length: chartWeeks }, (_, index) => ({
    week: addDays(firstChartWeek(currentWeek), 7 * index),
    byLine: emptyLines(),
    total: 0,
  }))
  const byWeek = new Map(rows.map((row) => [row.week, row]))
  for (const count of counts) {
    const row = byWeek.get(count.week)
    if (!row) continue
    row.byLine[insuranceLineOf(count.formKey, count.lineAnswer)] += count.count
    row.total += count.count
  }
  return rows
}

/** The rows with each week's leads by source (lead-source.ts weeklySourceCounts). */
export function withSourceCounts(rows: WeekRow[], counts: WeeklySourceCount[]): WeekRow[] {
  const withSources = rows.map((row) => ({ ...row, bySource: new Map<string, number>() }))
  const byWeek = new Map(withSources.map((row) => [row.week, row]))
  for (const count of counts) {
    const sources = byWeek.get(count.week)?.bySource
    sources?.set(count.source, (sources.get(count.source) ?? 0) + count.count)
  }
  return withSources
}

/** Weeks and sources the small table shows: the latest weeks, the sources that sent most. */
const sourceWeeks = 4
const sourceRows = 8

/**
 * Leads by source per week, under the chart: which of the agency's efforts bring leads. The
 * sources of the chart's weeks, most leads first (the rest as "Other"), for the latest four weeks
 * and the whole twelve.
 */
function sourceTable(rows: WeekRow[]): ReactNode {
  if (!rows.some((row) => row.bySource)) return null
  const totals = new Map<string, number>()
  for (const row of rows)
    for (const [source, count] of row.bySource ?? []) totals.set(source, (totals.get(source) ?? 0) + count)
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([source]) => source)
  const shown = ranked.length > sourceRows ? ranked.slice(0, sourceRows - 1) : ranked
  const other = ranked.filter((source) => !shown.includes(source))
  const weeks = rows.slice(-sourceWeeks)
  const sum = (row: WeekRow | undefined, sources: string[]) =>
    sources.reduce((total, source) => total + (row?.bySource?.get(source) ?? 0), 0)
  const line = (label: string, sources: string[]) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      {weeks.map((week) => (
        <td key={week.week}>{sum(week, sources)}</td>
      ))}
      <td>{sources.reduce((total, source) => total + (totals.get(source) ?? 0), 0)}</td>
    </tr>
  )
  return (
    <table className="source-table">
      <caption>
        Leads by source per week (spam excluded; "unknown": sent without JavaScript or before sources were
        kept)
      </caption>
      <thead>
        <tr>
          <th scope="col">Source</th>
          {weeks.map((week) => (
            <th key={week.week} scope="col">
              Week of {formatDay(week.week)}
            </th>
          ))}
          <th scope="col">{chartWeeks} weeks</th>
        </tr>
      </thead>
      <tbody>
        {ranked.length === 0 ? (
          <tr>
            <td colSpan={weeks.length + 2}>No leads in these weeks.</td>
          </tr>
        ) : null}
        {shown.map((source) => line(source, [source]))}
        {other.length > 0 ? line('Other', other) : null}
      </tbody>
    </table>
  )
}

/** 0 → 4, 7 → 8, 13 → 20, 130 → 200: a round top for the axis, divisible into 4 steps. */
function axisTop(max: number): number {
  if (max <= 4) return 4
  const magnitude = 10 ** Math.floor(Math.log10(max))
  const step =
    [1, 2, 4, 5, 10].map((factor) => factor * magnitude).find((top) => top >= max) ?? 10 * magnitude
  return step % 4 === 0 ? step : Math.ceil(step / 4) * 4
}

export function chartSummary(rows: WeekRow[]): string {
  const total = rows.reduce((sum, row) => sum + row.total, 0)
  const first = rows[0]
  const last = rows.at(-1)
  if (!first || !last) return 'No weeks to show.'
  const span = `${chartWeeks} weeks from ${formatDay(first.week)} to ${formatDay(addDays(last.week, 6))}`
  if (total === 0) return `${span}: no leads.`
  const lines = insuranceLineLabels
    .map((line) => ({ label: line.label, count: rows.reduce((sum, row) => sum + row.byLine[line.key], 0) }))
    .filter((line) => line.count > 0)
    .map((line) => `${line.label} ${line.count}`)
  const busiest = rows.reduce((best, row) => (row.total > best.total ? row : best), first)
  return `${span}: ${total} ${total === 1 ? 'lead' : 'leads'} (${lines.join(', ')}). Busiest week: ${formatDay(busiest.week)}, ${busiest.total}.`
}

const width = 640
const height = 240
const plot = { left: 40, right: 632, top: 12, bottom: 208 }

export function weeklyChart(rows: WeekRow[], ids: { heading: string; summary: string }): ReactNode {
  const top = axisTop(Math.max(0, ...rows.map((row) => row.total)))
  const y = (value: number) => Math.round(10 * (plot.bottom - ((plot.bottom - plot.top) * value) / top)) / 10
  const slot = (plot.right - plot.left) / rows.length
  const barWidth = Math.round(slot * 0.6)
  const ticks = [0, top / 4, top / 2, (3 * top) / 4, top]

  const grid = ticks.map((tick) => (
    <Fragment key={tick}>
      <line x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} stroke="#d1d5db" />
      <text x={plot.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#374151">
        {tick}
      </text>
    </Fragment>
  ))
  const bars = rows.map((row, index) => {
    const x = Math.round(plot.left + slot * index + (slot - barWidth) / 2)
    let base = 0
    const segments = insuranceLineLabels.map((line) => {
      const count = row.byLine[line.key]
      if (count === 0) return null
      const from = base
      base += count
      return (
        <rect
          key={line.key}
          x={x}
          y={y(base)}
          width={barWidth}
          height={y(from) - y(base)}
          fill={line.color}
          stroke="#ffffff"
          strokeWidth="1"
        >
          <title>{`Week of ${formatDay(row.week)}: ${line.label} ${count}`}</title>
        </rect>
      )
    })
    return (
      <Fragment key={row.week}>
        {segments}
        <text x={x + barWidth / 2} y={plot.bottom + 16} textAnchor="middle" fontSize="11" fill="#374151">
          {formatDay(row.week)}
        </text>
      </Fragment>
    )
  })

  return (
    <>
      <svg
        className="chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${ids.heading} ${ids.summary}`}
        xmlns="http://www.w3.org/2000/svg"
      >
        {grid}
        {bars}
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#374151" />
      </svg>
      <ul className="legend">
        {insuranceLineLabels.map((line) => (
          <li key={line.key}>
            <svg width="12" height="12" aria-hidden="true" focusable="false">
              <rect width="12" height="12" fill={line.color} />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
      <details className="chart-table">
        <summary>Leads per week as a table</summary>
        <table>
          <caption>Leads per week by line of insurance (spam excluded)</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {insuranceLineLabels.map((line) => (
                <th key={line.key} scope="col">
                  {line.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.week}>
                <th scope="row">{formatDay(row.week)}</th>
                {insuranceLineLabels.map((line) => (
                  <td key={line.key}>{row.byLine[line.key]}</td>
                ))}
                <td>{row.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {sourceTable(rows)}
    </>
  )
}
