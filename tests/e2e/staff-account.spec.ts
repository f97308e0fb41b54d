/**
 * A staff member's own account in a real browser against the real server: two-step sign-in set up
 * by scanning the QR code (the page's SVG, as drawn on screen, decoded with jsQR; the code typed is
 * computed from the secret in the QR), one's own password changed, new recovery codes shown once;
 * an owner's confirmation pages; axe (WCAG 2.2 A/AA) on each of these pages.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import jsQR from 'jsqr'
import * as OTPAuth from 'otpauth'
import { PNG } from 'pngjs'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInToDesk } from './support/desk.ts'
import { signIn } from './support/sign-in.ts'
import { newStaffAccount } from './support/staff-account.ts'

/** What a phone's camera reads: the QR code as the browser drew it, decoded from its pixels. */
async function scanQrCode(page: Page): Promise<string> {
  const shot = PNG.sync.read(await page.locator('[data-totp-qr]').screenshot())
  const found = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height)
  if (!found) throw new Error('no QR code could be read from the page')
  return found.data
}

test('a member enrols by scanning the QR code, changes their password and makes new recovery codes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const account = await newStaffAccount({ name: `Ana Ruiz ${randomBytes(2).toString('hex')}` })
  await signInToDesk(page, account)
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()

  await page.getByRole('link', { name: 'Two-step sign-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code of your two-step sign-in key' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const totp = OTPAuth.URI.parse(await scanQrCode(page))
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error('the QR code is not a TOTP key')
  expect(totp.label).toBe(account.email)
  // The key typed by hand is the same one, in groups of four.
  const typed = (await page.locator('[data-totp-secret]').textContent()) ?? ''
  expect(typed).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{4}$/)
  expect(typed.replace(/\s/g, '')).toBe(totp.secret.base32)
  await page.getByLabel('Code from the app').fill(totp.generate())
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in is on' })).toBeVisible()
  // The recovery codes at enrolment: copied by the desk's script, or kept as a file.
  const enrolCodes = await page.locator('.recovery-codes li').allTextContents()
  expect(enrolCodes).toHaveLength(10)
  await expect(page.getByRole('button', { name: 'Copy the codes' })).toBeVisible()
  await expectNoAxeViolations(page)
  const keeping = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download as a text file' }).click()
  const kept = await keeping
  expect(kept.suggestedFilename()).toBe('lead-desk-recovery-codes.txt')
  const file = await readFile((await kept.path()) ?? '', 'utf8')
  for (const code of enrolCodes) expect(file).toContain(code)

  // Their own password: wrong current one refused, then changed; this browser stays signed in.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Your account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expect(page.getByText(`Signed in as ${account.name}`)).toBeVisible()
  await expectNoAxeViolations(page)
  const newPassword = `new e2e password ${randomBytes(6).toString('hex')}`
  await page.getByLabel('Current password').fill('not my password')
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('New password again').fill(newPassword)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.')
  await expectNoAxeViolations(page)
  await page.getByLabel('Current password').fill(account.password)
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('New password again').fill(newPassword)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your password was changed. Your other browsers and devices were signed out.',
  )

  // New recovery codes, confirmed with the new password; shown once.
  await page.getByLabel('Your password, or a code from your authenticator app').fill(newPassword)
  await page.getByRole('button', { name: 'Make 10 new recovery codes' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your new recovery codes' })).toBeVisible()
  const codes = await page.locator('.recovery-codes li').allTextContents()
  expect(codes).toHaveLength(10)
  await expect(page.getByRole('button', { name: 'Copy the codes' })).toBeVisible()
  await expectNoAxeViolations(page)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download as a text file' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('lead-desk-recovery-codes.txt')
  await page.reload()
  await expect(page.getByRole('alert')).toContainText('These codes were shown once already.')
  await expect(page.locator('.recovery-codes li')).toHaveCount(0)

  // Elsewhere: the old password is refused; the new one and a new recovery code sign in.
  const other = await browser.newContext()
  const elsewhere = await other.newPage()
  await elsewhere.goto('/admin/login')
  await signIn(elsewhere, account)
  await expect(elsewhere.getByRole('alert')).toHaveText('The e-mail or password is not correct.')
  await signIn(elsewhere, { email: account.email, password: newPassword })
  await elsewhere.getByLabel('Code from your authenticator app').fill(codes[0] ?? '')
  await elsewhere.getByRole('button', { name: 'Continue' }).click()
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await other.close()
})

test('an owner is asked first before a reset or a removal; the pages pass axe', async ({ page }) => {
  test.setTimeout(90_000)
  const owner = await newStaffAccount({ name: 'Olga Owner', owner: true })
  const colleague = await newStaffAccount({ name: `Ben Ortiz ${randomBytes(2).toString('hex')}` })
  await signInToDesk(page, owner)
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Staff accounts' }).click()
  const row = page.getByRole('row', { name: new RegExp(colleague.name) })
  await expect(row).toContainText(colleague.email)

  await row.getByRole('link', { name: 'Reset password…' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reset ${colleague.name}’s password?`)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible()

  await row.getByRole('link', { name: 'Sign out everywhere…' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sign ${colleague.name} out everywhere?`)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page.getByRole('status')).toHaveText('Signed out everywhere. They must sign in again.')

  await row.getByRole('link', { name: 'Reset password…' }).click()
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('status')).toContainText(`${colleague.name} was signed out everywhere`)
  const shown = (await page.locator('code.secret').textContent()) ?? ''
  expect(shown.length).toBeGreaterThanOrEqual(24)
  expect(page.url()).not.toContain(shown)
  // A refresh neither resets again nor shows the password again.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Password shown already' })).toBeVisible()
  await expect(page.locator('code.secret')).toHaveCount(0)

  await page.goto('/admin/staff')
  await row.getByRole('link', { name: 'Remove…' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Remove ${colleague.name}?`)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Remove the account' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'The account was removed and signed out. Its work log entries keep its e-mail.',
  )
})
