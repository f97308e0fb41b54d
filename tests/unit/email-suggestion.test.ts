import { describe, expect, it } from 'vitest'
import { suggestEmail } from '#app/components/lead-form/email-suggestion.tsx'

describe('the "Did you mean …?" suggestion under an e-mail field', () => {
  it('offers the provider a slip of the keyboard away', () => {
    expect(suggestEmail('dan@gmial.com')).toBe('dan@gmail.com')
    expect(suggestEmail('dan@gmail.con')).toBe('dan@gmail.com')
    expect(suggestEmail('maria@hotmial.com')).toBe('maria@hotmail.com')
    expect(suggestEmail('maria@yaho.com')).toBe('maria@yahoo.com')
    expect(suggestEmail('jo@outlok.com')).toBe('jo@outlook.com')
    expect(suggestEmail('ana@gamil.com')).toBe('ana@gmail.com')
    expect(suggestEmail('ana@gmai.com')).toBe('ana@gmail.com')
    expect(suggestEmail('ana@hotmail.con')).toBe('ana@hotmail.com')
    expect(suggestEmail('ana@icloud.con')).toBe('ana@icloud.com')
    expect(suggestEmail('ana@hotmal.es')).toBe('ana@hotmail.es')
    expect(suggestEmail('ana@yahoo.com.mz')).toBe('ana@yahoo.com.mx')
  })

  it('keeps what the visitor typed before the @', () => {
    expect(suggestEmail('Dan.Smith+quotes@GMIAL.COM')).toBe('Dan.Smith+quotes@gmail.com')
  })

  it.each([
    // Right and unknown addresses.
    'dan@gmail.com',
    'dan@yahoo.com.mx',
    'dan@oakridge-insurance.example',
    'dan@example.com',
    'dan@mail.com',
    'dan@gmx.com',
    'dan@',
    'dan',
    '@gmial.com',
    // The other real providers of Spanish-speaking visitors.
    'ana@gmail.com',
    'ana@hotmail.es',
    'ana@outlook.es',
    'ana@hotmail.com.ar',
    'ana@yahoo.com.ar',
    'ana@live.com.ar',
    'ana@aim.com',
    // Short company domains a letter or two from a provider: mailcheck-style matching offers me.com,
    // aol.com, mac.com or .com for each of these.
    'dan@acme.com',
    'dan@att.com',
    'dan@hp.com',
    'dan@abc.com',
    'dan@fox.com',
    'dan@acme.com.mx',
    'dan@nbc.com',
  ])('leaves %s alone', (address) => {
    expect(suggestEmail(address)).toBeUndefined()
  })
})
