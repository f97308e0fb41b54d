/**
 * `npm run bench:desk`: the lead desk at a busy agency's size. Seeds 100,000 leads (two years of
 * about 140 a day, a few per cent spam, the pipeline's statuses, follow-ups, repeat visitors) into
 * a fresh embedded database, starts the production server on it (`node server/main.ts`), signs a
 * staff member in (the account and its session made with server/staff's own functions), and times
 * every desk page, filter, search and the CSV export over several requests: median and 90th
 * percentile, and the server's peak memory during the export. LEADS=… changes the count.
 */
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { addStaffUser, findStaffUserByEmail } from '#server/staff/staff-accounts.ts'
import { createSession, defaultSessionSettings } from '#server/staff/staff-sessions.ts'
import { residentMb, withBenchData } from './bench-server.ts'

const leadCount = Number(process.env.LEADS ?? 100_000)
const runs = Number(process.env.RUNS ?? 9)

/**
 * One statement per 10,000 leads: names, e-mails and phones of their own, a few per cent repeats;
 * follow-ups on the last three weeks' open leads (about a hundred, half of them due).
 */
async function seed(db: Database): Promise<{ cookie: string; leadId: string; reference: string }> {
  try {
    await runMigrations(db)
    await addStaffUser(db, 'bench@agency.example', 'bench password 1234567', 'owner')
    const staff = await findStaffUserByEmail(db, 'bench@agency.example')
    if (!staff) throw new Error('no staff account')
    for (let from = 0; from < leadCount; from += 10_000) {
      const to = Math.min(leadCount, from + 10_000) - 1
      await db.query(
        `INSERT INTO leads (form_key, fields, language, received_at, is_spam, status, follow_up_at,
                            first_contact_at, assigned_to, lost_reason, reference)
         SELECT 'contact-message',
                jsonb_build_object('firstName', 'Pat' || (i % 97000), 'lastName', 'Lee' || (i % 89000),
                  'email', 'person' || (i % 95000) || '@example.com',
                  'phone', '(770) 5' || lpad((i % 93000)::text, 6, '0'), 'msg', 'Please call me about a quote.'),
                CASE WHEN i % 7 = 0 THEN 'es' ELSE 'en' END,
                now() - (i * interval '10 minutes'),
                i % 33 = 0,
                s.status,
                CASE WHEN s.status IN ('contacted', 'quoted') AND i % 5 = 0 AND i < 3000
                     THEN now() + ((i % 20) - 10) * interval '1 day' END,
                CASE WHEN s.status <> 'new' THEN now() - (i * interval '10 minutes') + interval '1 hour' END,
                CASE WHEN i % 3 = 0 THEN $3::uuid END,
                CASE WHEN s.status = 'lost' THEN 'price' END,
                'BENCH-' || i
           FROM (SELECT i, CASE WHEN i < 40 THEN 'new'
                     ELSE (ARRAY['won', 'lost', 'closed', 'closed', 'contacted', 'quoted', 'lost', 'won'])[1 + i % 8]
                     END AS status
                   FROM generate_series($1::int, $2::int) AS i) AS s`,
        [from, to, staff.id],
      )
    }
    await db.exec('ANALYZE leads')
    const session = await createSession(db, staff.id, new Date(), defaultSessionSettings)
    // Seeded references are unique by construction; the one searched for is a real one.
    const [lead] = await db.query<{ id: string; reference: string }>(
      `UPDATE leads SET reference = new_lead_reference()
        WHERE id = (SELECT id FROM leads ORDER BY received_at DESC OFFSET 500 LIMIT 1) RETURNING id, reference`,
    )
    if (!lead) throw new Error('no lead')
    return { cookie: `staff_session=${session.token}`, leadId: lead.id, reference: lead.reference }
  } finally {
    await db.close()
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

async function time(
  origin: string,
  url: string,
  cookie: string,
): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now()
  const response = await fetch(`${origin}${url}`, { headers: { cookie } })
  const body = await response.arrayBuffer()
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status }
}

// KEEP_DATA=1 keeps the seeded database for a closer look (EXPLAIN ANALYZE).
const keep = Boolean(process.env.KEEP_DATA)
const keptDir = await withBenchData(
  'pglite',
  'desk',
  async (data) => {
    const seedStart = performance.now()
    const { cookie, leadId, reference } = await seed(await data.openDatabase())
    console.log(`Seeded ${leadCount} leads in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)
    const server = await data.startServer({
      env: {
        IP_HASH_SALT: 'bench-desk-salt-0123456789',
        ADMIN_COOKIE_SECURE: 'false',
        BACKUP_KEEP: '0',
      },
    })
    const get = (url: string) => time(server.url, url, cookie)
    const cases: [string, string][] = [
      ['inbox (work queue)', '/admin'],
      ['inbox page 40', '/admin?page=40'],
      ['filter: overdue', '/admin?due=overdue'],
      ['filter: follow-up due', '/admin?due=follow-up'],
      ['filter: quoted', '/admin?status=quoted'],
      ['filter: mine', '/admin?assigned=mine'],
      ['filter: form and dates', '/admin?form=contact-message&from=2025-01-01&to=2025-03-31'],
      ['sort: received', '/admin?sort=received'],
      ['sort: age', '/admin?sort=age'],
      ['sort: due date', '/admin?sort=due'],
      ['search: name', '/admin?q=pat4242'],
      ['search: full name', `/admin?q=${encodeURIComponent('Pat4242 Lee4242')}`],
      ['search: e-mail', '/admin?q=person1234%40'],
      ['search: phone', `/admin?q=${encodeURIComponent('(770) 500-1234')}`],
      ['search: reference', `/admin?q=${encodeURIComponent(reference)}`],
      ['search: no match', '/admin?q=zzzzqqq'],
      ['lead page', `/admin/leads/${leadId}`],
      ['API list', '/api/admin/leads'],
      [
        'API new-count',
        `/api/admin/leads/new-count?since=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
      ],
    ]
    console.log(`\n${runs} requests each after one warm-up, ms:`)
    console.log('case'.padEnd(26), 'median'.padStart(8), 'p90'.padStart(8), 'KB'.padStart(7))
    for (const [name, url] of cases) {
      const warm = await get(url)
      if (warm.status !== 200) throw new Error(`${url} answered ${warm.status}`)
      const times: number[] = []
      for (let n = 0; n < runs; n++) times.push((await get(url)).ms)
      times.sort((a, b) => a - b)
      console.log(
        name.padEnd(26),
        quantile(times, 0.5).toFixed(1).padStart(8),
        quantile(times, 0.9).toFixed(1).padStart(8),
        (warm.bytes / 1024).toFixed(0).padStart(7),
      )
    }
    // The export of every lead, twice: its time, and the server's memory while it streams. The
    // first pass also fills the database's page cache (bounded by its own settings); a second pass
    // that grows no further shows the export itself holds one batch at a time, not every lead.
    const pid = server.process.pid ?? 0
    for (const pass of [1, 2]) {
      const before = (await residentMb(pid)).rss
      let peak = before
      const sampler = setInterval(async () => {
        peak = Math.max(peak, (await residentMb(pid)).rss)
      }, 50)
      const exported = await get('/admin/export.csv?status=all')
      clearInterval(sampler)
      console.log(
        `CSV export of every lead, pass ${pass}: ${(exported.ms / 1000).toFixed(1)} s, ${(exported.bytes / 1048576).toFixed(1)} MB; server memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most during it`,
      )
    }
    return data.dataDir
  },
  { keep },
)
if (keep) console.log(`Kept ${keptDir}`)
