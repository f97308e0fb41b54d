/**
 * Display names colleagues can trust: no staff member takes another's name (case and accents
 * aside), and no name carries an invisible direction mark (U+202E and its kin) to the desk and
 * e-mail subjects. Refused with a clear message on the desk (on PGlite) and in the command.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { beforeEach, describe, expect, it } from 'vitest'
import { staffCommand } from '#scripts/staff.ts'
import { type SignedInStaff, signedInStaff } from '#tests/kit/staff.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm } from './helpers/requests.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const directionMarks = ['\u202E', '\u202A', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C']

describe.each(featureDrivers)('staff display names on %s', (driver) => {
  const t = useTestApp(driver, {}, { truncate: 'staff_users' })
  let owner: SignedInStaff
  let desk: SignedInStaff

  beforeEach(async () => {
    owner = await signedInStaff(t.db, 'owner@oakridge-insurance.example', {
      role: 'owner',
      displayName: 'José Ruiz',
    })
    desk = await signedInStaff(t.db, 'desk@oakridge-insurance.example', { displayName: 'Desk' })
  })

  async function storedName(email: string) {
    const [row] = await t.db.query<{ display_name: string | null }>(
      'SELECT display_name FROM staff_users WHERE email = $1',
      [email],
    )
    return row?.display_name
  }

  it("refuses a staff member the owner's name, whatever its case and accents", async () => {
    for (const name of ['José Ruiz', 'JOSE RUIZ', 'jose  ruíz']) {
      const response = await injectForm(t.app, '/admin/account/name', { name }, { cookie: desk.cookie })
      expect(response.statusCode).toBe(400)
      expect(pageText(response.body)).toContain('Another staff member is already named "José Ruiz".')
    }
    expect(await storedName(desk.email)).toBe('Desk')
    // Its own name in another case is still its own.
    const own = await injectForm(t.app, '/admin/account/name', { name: 'DESK' }, { cookie: desk.cookie })
    expect(own.statusCode).toBe(303)
    // An owner adding a member under a colleague's name is refused too.
    const added = await injectForm(
      t.app,
      '/admin/staff',
      { email: 'new@oakridge-insurance.example', name: 'desk', role: 'staff' },
      { cookie: owner.cookie },
    )
    expect(added.statusCode).toBe(400)
    expect(pageText(added.body)).toContain('Another staff member is already named "DESK".')
  })

  it('refuses invisible direction marks in a name', async () => {
    for (const mark of directionMarks) {
      const response = await injectForm(
        t.app,
        '/admin/account/name',
        { name: `Ana${mark}ziuR` },
        { cookie: desk.cookie },
      )
      expect(response.statusCode).toBe(400)
      expect(pageText(response.body)).toContain(
        'The name cannot contain invisible direction marks (such as U+202E) or control characters.',
      )
    }
    expect(await storedName(desk.email)).toBe('Desk')
  })
})

describe('the staff command refuses a taken name and a direction mark', { timeout: 120_000 }, () => {
  it('answers with the reason and exit code 1', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-names-'))
    // The command's own entry, in this process (tests/server/staff-command.test.ts runs it as a process too).
    const staff = async (args: string[]) => {
      const { DATABASE_URL: _ignored, ...inherited } = process.env
      let stderr = ''
      const code = await staffCommand(args, {
        env: { ...inherited, NODE_ENV: 'development', DATA_DIR: dataDir },
        stdin: Readable.from(['a long staff password 42\n']),
        log: () => {},
        error: (line) => {
          stderr += `${line}\n`
        },
      })
      return { code, stderr }
    }
    try {
      expect((await staff(['add', 'owner@oakridge-insurance.example', '--name', 'José Ruiz'])).code).toBe(0)
      const taken = await staff(['add', 'desk@oakridge-insurance.example', '--name', 'jose ruiz'])
      expect(taken.code).toBe(1)
      expect(taken.stderr).toContain('Another staff member is already named "José Ruiz".')
      const reversed = await staff(['add', 'desk@oakridge-insurance.example', '--name', 'Ana\u202EziuR'])
      expect(reversed.code).toBe(1)
      expect(reversed.stderr).toContain('invisible direction marks')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
