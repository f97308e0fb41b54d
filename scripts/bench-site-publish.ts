/**
 * `npm run bench:publish`: from an owner's Publish to every visitor seeing it (issue 44: within
 * 10 s, every page at once). Starts the production server (`node server/main.ts`) on a fresh
 * embedded database in a temporary DATA_DIR, signs an owner in (the account and its session made
 * with server/staff's own functions, as bench:desk does), changes the phone in the draft through
 * the staff API and publishes it, then polls every public page in both languages (and the 404
 * page) until each shows the new phone. Prints the publish request's time (the render of every
 * page happens inside it, on this process), and the time from Publish to the first and to the last
 * page showing it. Then the same with two processes on one PostgreSQL: the publish on the first,
 * the second sees it by its own poll (every 2 s) and renders it itself. RUNS=… publishes that many
 * times on each setup (default 3); DRIVERS=pglite or postgres runs one setup.
 */
import { prerenderPaths } from '#app/site/route-table.ts'
import { formatPhone } from '#config/agency.ts'
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { addStaffUser, findStaffUserByEmail } from '#server/staff/staff-accounts.ts'
import { createSession, defaultSessionSettings } from '#server/staff/staff-sessions.ts'
import { type ServerProcess, vapidEnvironment } from '#tests/server/helpers/server-process.ts'
import { type BenchDriver, withBenchData } from './bench-server.ts'
import { median } from './median.ts'

const runs = Number(process.env.RUNS ?? 3)
const setups = (process.env.DRIVERS ?? 'pglite,postgres').split(',') as BenchDriver[]
/** How often each page not yet showing the change is asked for again. */
const pollEveryMs = 100
const goalMs = 10_000

/** Every public page in both languages, and an unknown path (the 404 page, per language). */
const pages = [
  ...prerenderPaths().filter((page) => !/\/(404|thank-you)$/.test(page)),
  '/no-such-page',
  '/es/no-such-page',
]

async function ownerCookie(db: Database): Promise<string> {
  try {
    await runMigrations(db)
    await addStaffUser(db, 'owner@agency.example', 'bench password 1234567', 'owner')
    const owner = await findStaffUserByEmail(db, 'owner@agency.example')
    if (!owner) throw new Error('no owner account')
    const session = await createSession(db, owner.id, new Date(), defaultSessionSettings)
    return `staff_session=${session.token}`
  } finally {
    await db.close()
  }
}

async function api(server: ServerProcess, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`)
  return text
}

/**
 * Asks for one page every `pollEveryMs` until it shows `text` (the first page: a version switches
 * every page at once), then for every page until each shows it: ms from `since` to the first and
 * the last. One page at a time, so the asking does not slow the render it waits for.
 */
async function untilAllShow(
  server: ServerProcess,
  text: string,
  since: number,
): Promise<{ firstMs: number; lastMs: number }> {
  const shows = async (page: string) => (await (await fetch(`${server.url}${page}`)).text()).includes(text)
  const giveUp = () => {
    if (performance.now() - since > 120_000) throw new Error(`${server.url} never showed ${text}`)
  }
  while (!(await shows('/contact'))) {
    giveUp()
    await new Promise((resolve) => setTimeout(resolve, pollEveryMs))
  }
  const firstMs = performance.now() - since
  const waiting = new Set(pages)
  while (waiting.size > 0) {
    giveUp()
    for (const page of waiting) if (await shows(page)) waiting.delete(page)
  }
  return { firstMs, lastMs: performance.now() - since }
}

interface Figures {
  publishMs: number
  firstMs: number
  lastMs: number
  /** The second process (two on one PostgreSQL). */
  other?: { firstMs: number; lastMs: number }
}

async function publishOnce(servers: ServerProcess[], cookie: string, run: number): Promise<Figures> {
  const [server, other] = servers
  if (!server) throw new Error('no server')
  const phone = `50355501${(10 + run).toString()}`
  await api(server, cookie, 'PATCH', '/api/admin/site', { agency: { phone } })
  const shown = formatPhone(phone)
  const since = performance.now()
  await api(server, cookie, 'POST', '/api/admin/site/publish')
  const publishMs = performance.now() - since
  const [here, there] = await Promise.all([
    untilAllShow(server, shown, since),
    other ? untilAllShow(other, shown, since) : undefined,
  ])
  return { publishMs, ...here, ...(there ? { other: there } : {}) }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

function report(title: string, figures: Figures[]): void {
  const row = (name: string, values: number[]) =>
    console.log(
      name.padEnd(46),
      values.map(seconds).join('  ').padEnd(30),
      `median ${seconds(median(values))}`,
    )
  console.log(`\n${title} (${pages.length} pages, ${figures.length} publishes)`)
  row(
    'publish request (renders every page)',
    figures.map((f) => f.publishMs),
  )
  row(
    'publish → first page shows it',
    figures.map((f) => f.firstMs),
  )
  row(
    'publish → last page shows it',
    figures.map((f) => f.lastMs),
  )
  const others = figures.flatMap((f) => (f.other ? [f.other] : []))
  if (others.length > 0) {
    row(
      'second process: first page shows it',
      others.map((f) => f.firstMs),
    )
    row(
      'second process: last page shows it',
      others.map((f) => f.lastMs),
    )
  }
  const worst = Math.max(...figures.map((f) => Math.max(f.lastMs, f.other?.lastMs ?? 0)))
  console.log(`slowest to the last page: ${seconds(worst)} (goal ≤ ${seconds(goalMs)})`)
}

for (const driver of setups) {
  await withBenchData(driver, 'publish', async (data) => {
    const cookie = await ownerCookie(await data.openDatabase())
    const env = {
      ...vapidEnvironment(),
      IP_HASH_SALT: 'bench-publish-salt-0123456789',
      ADMIN_COOKIE_SECURE: 'false',
      BACKUP_KEEP: '0',
    }
    const servers = [await data.startServer({ env })]
    // the second process on the same PostgreSQL has a DATA_DIR of its own (it renders for itself)
    if (driver === 'postgres') {
      servers.push(await data.startServer({ env: { ...env, DATA_DIR: `${data.dataDir}/second` } }))
    }
    const figures: Figures[] = []
    for (let run = 0; run < runs; run++) figures.push(await publishOnce(servers, cookie, run))
    report(
      driver === 'pglite'
        ? 'One process, embedded database'
        : 'Two processes on one PostgreSQL (publish on the first, the second by its poll)',
      figures,
    )
  })
}
