import { describe, expect, it } from 'vitest'
import { suggestEmail } from '../../app/components/lead-form/email-suggestion.tsx'

describe('the "Did you mean …?" suggestion under an e-mail field', () => {
  it('offers the provider a slip of the keyboard away', () => {
    expect(suggestEmail('dan@gmial.com')).toBe('dan@gmail.com')
    expect(suggestEmail('dan@gmail.con')).toBe('dan@gmail.com')
    expect(suggestEmail('maria@hotmial.com')).toBe('maria@hotmail.com')
    expect(suggestEmail('maria@yaho.com')).toBe('maria@yahoo.com')
    expect(suggestEmail('jo@outlok.com')).toBe('jo@outlook.com')
  })

  it('keeps what the visitor typed before the @', () => {
    expect(suggestEmail('Dan.Smith+quotes@GMIAL.COM')).toBe('Dan.Smith+quotes@gmail.com')
  })

  it('leaves right and unknown addresses alone', () => {
    for (const address of [
      'dan@gmail.com',
      'dan@yahoo.com.mx',
      'dan@oakridge-insurance.example',
      'dan@example.com',
      'dan@mail.com',
      'dan@gmx.com',
      'dan@',
      'dan',
      '@gmial.com',
    ])
      expect(suggestEmail(address), address).toBeUndefined()
  })
})
