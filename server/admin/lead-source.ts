/**
 * Where leads came from, as the desk shows it: the ad network of a click id (the lead page's
 * Source block and the CSV export), and leads per week and source (the inbox's weekly chart).
 */

import { sourceChannel, storedLeadSource } from '#forms/lead-source.ts'
import type { Queryable } from '../db/database.ts'
import { build, countRows, run, sql, weekOf } from '../db/query-builder.ts'

/** The ad networks of the click ids the site notes (forms/lead-source.ts), as staff know them. */
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

/** Leads (spam excluded) of one week from one source, as the owner's weekly table counts them. */
export interface WeeklySourceCount {
  /** Monday, YYYY-MM-DD. */
  week: string
  source: string
  count: number
}

/**
 * Leads per week and source since the week starting `since` (YYYY-MM-DD), weeks in the agency's
 * time zone as the weekly chart's. Grouped in the database by the few keys a source is named by
 * (sourceChannel), so what comes back is small however many leads there are.
 */
export async function weeklySourceCounts(
  db: Queryable,
  timeZone: string,
  since: string,
): Promise<WeeklySourceCount[]> {
  const rows = await run(
    db,
    build
      .selectFrom('leads')
      .select((eb) => {
        /** A key of the lead's source (jsonb), as text. */
        const sourceKey = (key: 'utmSource' | 'utmMedium' | 'clickId' | 'referrer') =>
          sql<string | null>`${eb.ref('source')}->>${sql.lit(key)}`
        return [
          weekOf(eb.ref('received_at'), timeZone).as('week'),
          sourceKey('utmSource').as('utmSource'),
          sourceKey('utmMedium').as('utmMedium'),
          sourceKey('clickId').as('clickId'),
          sourceKey('referrer').as('referrer'),
          eb('source', 'is not', null).as('known'),
          countRows().as('count'),
        ]
      })
      .where((eb) => eb.not(eb.ref('is_spam')))
      .where('received_at', '>=', sql<Date>`(${since}::date::timestamp AT TIME ZONE ${timeZone})`)
      .groupBy(sql`1, 2, 3, 4, 5, 6`),
  )
  const totals = new Map<string, WeeklySourceCount>()
  for (const row of rows) {
    const source = row.known
      ? sourceChannel(
          storedLeadSource({
            utmSource: row.utmSource ?? undefined,
            utmMedium: row.utmMedium ?? undefined,
            clickId: row.clickId ?? undefined,
            referrer: row.referrer ?? undefined,
            landing: '/',
          }),
        )
      : sourceChannel(null)
    const key = `${row.week}|${source}`
    const total = totals.get(key) ?? { week: row.week, source, count: 0 }
    total.count += row.count
    totals.set(key, total)
  }
  return [...totals.values()]
}
