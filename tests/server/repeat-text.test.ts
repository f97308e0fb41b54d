/**
 * The repeated-text check (server/spam/repeat-text.ts, migration 009's store_leads), on both
 * drivers: one text sent this week from other addresses is spam, copies that differ only in case,
 * spacing, digits, punctuation or accents are the same text, one visitor's IPv6 /64 is one address,
 * and the verdict for 0, 1, many and more than the cap of other addresses.
 */
import { describe, expect, it } from 'vitest'
import { createLeadRepository, type NewLead } from '#server/leads/lead-repository.ts'
import { repeatCountCap } from '#server/spam/repeat-text.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { submitForm } from './helpers/requests.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const salt = 'repeat-text-tests-salt-0123456'
const today = new Date()

describe.each(drivers)('the repeated-text check on %s', (driver) => {
  const t = useTestApp(driver, { ipHashSalt: salt })

  const contactForm = () => registeredForm('contact-message')

  /** Sends the contact form from an address; answers the stored lead's spam verdict and reasons. */
  async function send(remoteAddress: string, fields: Record<string, string>) {
    const response = await submitForm(
      t.app,
      'contact-message',
      { ...validPayload(contactForm(), today), ...fields },
      { salt, now: today, remoteAddress },
    )
    expect(response.statusCode).toBe(200)
    const [row] = await t.db.query<{ is_spam: boolean; spam_reasons: string[] }>(
      'SELECT is_spam, spam_reasons FROM leads WHERE reference = $1',
      [response.headers['lead-reference']],
    )
    if (!row) throw new Error('the lead was not stored')
    return row
  }

  it('counts copies that differ in case, spacing, digits, punctuation and accents as one text', async () => {
    const first = await send('198.51.100.10', {
      firstName: 'José',
      msg: 'Best rates in town!!! Call 555-0100 today, reply STOP to end.',
    })
    expect(first.is_spam).toBe(false)
    // Sent right after the first is committed: the check sees it.
    const copy = await send('198.51.100.11', {
      firstName: 'JOSE',
      msg: 'best  rates in town. call 555-0199 TODAY reply stop to end',
    })
    expect(copy.is_spam).toBe(true)
    expect(copy.spam_reasons).toContain('The same text came from 1 other address this week')
  })

  it('counts the addresses of one IPv6 /64 as one visitor, and another /64 as another address', async () => {
    const fields = { msg: 'Please call me about a renters policy for my new apartment.' }
    expect((await send('2001:db8:5:6::1', fields)).is_spam).toBe(false)
    // The phone's privacy address changed: still the same visitor.
    expect((await send('2001:db8:5:6:a:b:c:d', fields)).is_spam).toBe(false)
    const other = await send('2001:db8:5:7::1', fields)
    expect(other.is_spam).toBe(true)
    expect(other.spam_reasons).toContain('The same text came from 1 other address this week')
  })

  it('gives the same verdict and reason for 0, 1 and many other addresses, and stops counting at the cap', async () => {
    const repository = createLeadRepository(t.db)
    const lead = (n: number, textHash: string, ipHash: string, check = false): NewLead => ({
      formKey: 'contact-message',
      fields: { firstName: 'Wave', lastName: `Lead${n}`, msg: 'text' },
      language: 'en',
      userAgent: 'test',
      ipHash,
      isSpam: false,
      spamReasons: [],
      idempotencyKey: `wave-${textHash}-${n}`,
      bodyHash: null,
      textHash,
      ...(check
        ? {
            repeatCheck: {
              since: new Date(Date.now() - 3_600_000),
              ifRepeated: { isSpam: true, spamReasons: [] },
            },
          }
        : {}),
    })
    const verdicts: [boolean, string[]][] = []
    for (const [text, senders] of [
      ['none', 0],
      ['one', 1],
      ['many', 7],
      ['capped', repeatCountCap + 5],
    ] as const) {
      // Each sender several times: copies from one address count once.
      for (let address = 0; address < senders; address++) {
        for (let copy = 0; copy < 3; copy++)
          await repository.insertLead(lead(address * 10 + copy, text, `addr-${address}`))
      }
      const { lead: checked } = await repository.insertLead(lead(9999, text, 'newcomer', true))
      verdicts.push([checked.isSpam, checked.spamReasons])
    }
    expect(verdicts).toEqual([
      [false, []],
      [true, ['The same text came from 1 other address this week']],
      [true, ['The same text came from 7 other addresses this week']],
      [true, [`The same text came from ${repeatCountCap} or more other addresses this week`]],
    ])
  })
})
