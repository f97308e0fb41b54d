import { test as base, expect, type Page } from '@playwright/test'
import type * as OTPAuth from 'otpauth'
import { signIn } from './sign-in.ts'
import { newStaffAccount, type StaffAccount } from './staff-account.ts'

/** An account that signs in to the desk; with `totp`, its second step is a code from that app. */
export interface DeskAccount extends Pick<StaffAccount, 'email' | 'password'> {
  totp?: OTPAuth.TOTP
}

/**
 * Signs in to the desk from its sign-in page, as a person does (tests/e2e/support/sign-in.ts),
 * then gives the code of the account's authenticator when the desk asks for one. The page is left
 * where the desk sends the member (the inbox unless a link led elsewhere).
 */
export async function signInToDesk(
  page: Page,
  account: DeskAccount,
  /** When the code is made: a step the account has not used yet (a code is accepted once). */
  { codeAt = Date.now() }: { codeAt?: number } = {},
): Promise<void> {
  await page.goto('/admin/login')
  await signIn(page, account)
  if (!account.totp) return
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible()
  await page.getByLabel('Code from your authenticator app').fill(account.totp.generate({ timestamp: codeAt }))
  await page.getByRole('button', { name: 'Continue' }).click()
}

/**
 * The desk's tests: `staff` and `owner` are accounts of their own for each test (made by `staff
 * add`), `signedIn` is the page signed in as `staff`, on the inbox.
 */
export const test = base.extend<{ staff: StaffAccount; owner: StaffAccount; signedIn: Page }>({
  staff: async ({ baseURL: _ }, use) => {
    await use(await newStaffAccount())
  },
  owner: async ({ baseURL: _ }, use) => {
    await use(await newStaffAccount({ owner: true }))
  },
  signedIn: async ({ page, staff }, use) => {
    await signInToDesk(page, staff)
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    await use(page)
  },
})
