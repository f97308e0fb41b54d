import { expect, type Page } from '@playwright/test'

/**
 * Fills and sends the desk's sign-in form on the page, as a person does: when the desk answers
 * 503 ("Many sign-ins are being checked right now… try again in a few seconds", the password pool
 * shedding strangers' sign-ins on a busy machine, docs/decisions/021-sign-in-under-attack.md), it
 * waits the answer's Retry-After and sends it again. Any other answer (the inbox, the two-step
 * page, a wrong password, a lock) is left to the test to check.
 */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/admin/login',
      ),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ])
    if (answer.status() !== 503) return
    expect(attempt, 'the desk was still busy after 5 sign-ins').toBeLessThan(5)
    await page.waitForTimeout(Number(answer.headers()['retry-after'] ?? '5') * 1000)
  }
}
