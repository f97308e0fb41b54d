/**
 * The words of the visitor's copy (server/mail/visitor-confirmation.tsx) as a local agency writes
 * them: what was asked for in the visitor's language, the reference and a signature with the
 * agency's name, phone and address, and nothing the visitor typed. What reaches the visitor's
 * mailbox, and when, is tests/server/visitor-confirmation.test.ts's.
 */
import { describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { agencyPhone, fullAddress } from '#config/agency-facts.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { buildVisitorConfirmation, type RequestedForm } from '#server/mail/visitor-confirmation.tsx'

const siteUrl = 'https://oakridge-insurance.example'
const receivedAt = new Date('2026-11-24T15:00:00Z')

function requested(formKey: string, answers: Record<string, string> = {}): RequestedForm {
  const form = getFormDefinition(formKey)
  if (!form) throw new Error(`no form ${formKey}`)
  return { form, answers }
}

function copyOf(language: 'en' | 'es', request?: RequestedForm) {
  const message = buildVisitorConfirmation(
    { reference: 'K7M-Q9X', language, receivedAt, ...(request ? { requested: request } : {}) },
    { siteUrl },
  )
  return { ...message, parts: [message.text, message.html] }
}

describe('the visitor’s copy', () => {
  it.each([
    ['en', 'boat-quote', {}, 'What you asked for: Boat insurance quote'],
    ['es', 'boat-quote', {}, 'Lo que nos pidió: Cotización de seguro de bote'],
    [
      'en',
      'quote-request',
      { consultationType: 'Auto Insurance' },
      'What you asked for: Quote request: Auto Insurance',
    ],
    [
      'es',
      'quote-request',
      { consultationType: 'Auto Insurance' },
      'Lo que nos pidió: Solicitud de cotización: Seguro de auto',
    ],
    ['es', 'contact-message', {}, 'Lo que nos pidió: Mensaje de contacto'],
  ] as const)('in %s names what %s asked for: %j', (language, formKey, answers, line) => {
    const { text, html } = copyOf(language, requested(formKey, answers))
    expect(text).toContain(line)
    const [label = '', title = ''] = line.split(/: (.*)/)
    expect(html).toContain(`${label}: <strong>${title}</strong>`)
  })

  it('names the form alone when the chosen line is not one of its options', () => {
    const { text } = copyOf('en', requested('quote-request', { consultationType: 'Visit prize.example now' }))
    expect(text).toContain('What you asked for: Quote request\n')
    expect(text).not.toContain('prize')
  })

  it.each(['en', 'es'] as const)(
    'in %s signs with the agency’s name, phone and address, and keeps the reference',
    (language) => {
      const { text, html, subject, fromName, recipientHidden, replyTo } = copyOf(
        language,
        requested('boat-quote'),
      )
      expect(subject).toContain('K7M-Q9X')
      for (const part of [text, html]) {
        expect(part).toContain('K7M-Q9X')
        expect(part).toContain(agency.name)
        expect(part).toContain(agencyPhone.display)
        expect(part).toContain(fullAddress())
      }
      const signOff = text.split(`${language === 'en' ? 'Kind regards' : 'Atentamente'},\n`)[1] ?? ''
      expect(signOff.split('\n')[0]).toContain(agency.shortName)
      expect(fromName).toBe(agency.name)
      expect(recipientHidden).toBe(true)
      expect(replyTo).toEqual({ name: agency.name, address: agency.email })
    },
  )

  it('repeats none of the answers, the chosen line’s option aside', () => {
    const answers = {
      firstName: 'Zorblax',
      lastName: 'Quimby',
      email: 'zorblax+win@example.com',
      msg: 'Call 404 555 0100',
    }
    const { text, html, subject } = copyOf('en', requested('contact-message', answers))
    for (const part of [text, html, subject])
      for (const value of Object.values(answers)) expect(part).not.toContain(value)
  })
})
