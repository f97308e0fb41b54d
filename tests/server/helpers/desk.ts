import { beforeEach } from 'vitest'
import type { DriverName } from '#server/db/database.ts'
import { type SignedInStaff, signedInStaff } from '#tests/kit/staff.ts'
import { useTestApp } from './test-app.ts'

/**
 * The lead desk as the desk's tests find it before each test: the app on a clock of the tests' own,
 * set to Monday 2026-11-23 11:00 in New York (a test may move it), the leads, jobs, staff and work
 * log emptied, and two members signed in at that time, desk@ and maria@oakridge-insurance.example.
 */
export function useDesk(driver: DriverName) {
  let clock = new Date('2026-11-23T16:00:00Z')
  const t = useTestApp(
    driver,
    { now: () => clock },
    { truncate: 'leads, delivery_jobs, staff_users, staff_sessions, lead_events' },
  )
  let desk: SignedInStaff | undefined
  let maria: SignedInStaff | undefined
  const signedIn = (member: SignedInStaff | undefined) => {
    if (!member) throw new Error('the desk members sign in before each test: use them inside tests')
    return member
  }
  beforeEach(async () => {
    clock = new Date('2026-11-23T16:00:00Z')
    desk = await signedInStaff(t.db, 'desk@oakridge-insurance.example', { now: clock })
    maria = await signedInStaff(t.db, 'maria@oakridge-insurance.example', { now: clock })
  })
  return {
    get db() {
      return t.db
    },
    get app() {
      return t.app
    },
    get clock() {
      return clock
    },
    set clock(value: Date) {
      clock = value
    },
    get desk() {
      return signedIn(desk)
    },
    get maria() {
      return signedIn(maria)
    },
  }
}
