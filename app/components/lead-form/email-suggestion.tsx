import { type InputHTMLAttributes, useRef, useState } from 'react'

/**
 * The mail providers visitors here use most (US and Spanish-speaking); a domain one or two typing
 * slips away from one of them ("gmial.com", "gmail.con") is probably it.
 */
const knownDomains = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'aol.com',
  'icloud.com',
  'live.com',
  'msn.com',
  'me.com',
  'ymail.com',
  'comcast.net',
  'att.net',
  'bellsouth.net',
  'verizon.net',
  'sbcglobal.net',
  'charter.net',
  'cox.net',
  'protonmail.com',
  'proton.me',
  'mac.com',
  // Real providers close to the ones above: known, so never "corrected" into them.
  'mail.com',
  'email.com',
  'gmx.com',
  'juno.com',
  'earthlink.net',
  'windstream.net',
  'frontier.com',
  'optonline.net',
  'hotmail.es',
  'yahoo.es',
  'yahoo.com.mx',
  'hotmail.com.mx',
  'live.com.mx',
  'prodigy.net.mx',
  'aim.com',
  'hotmail.com.ar',
  'yahoo.com.ar',
  'live.com.ar',
]

/** Edits (insert, delete, replace, swap two neighbours) from one string to the other, capped at 3. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[]
      const up = rows[i - 1] as number[]
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] ?? 0) + 1)
      row[j] = best
    }
  }
  return (rows[a.length] as number[])[b.length] ?? 3
}

/**
 * A likely intended address for a mistyped provider ("dan@gmial.com" → "dan@gmail.com"), or undefined.
 * The edits allowed grow with the provider's length so that short company domains (acme.com, att.com)
 * are never "corrected" into short providers (me.com, aol.com); mailcheck and its forks allow the same
 * distance for every domain and do: docs/decisions/024-email-typo-hint.md.
 */
export function suggestEmail(value: string): string | undefined {
  const at = value.lastIndexOf('@')
  if (at < 1) return undefined
  const domain = value
    .slice(at + 1)
    .trim()
    .toLowerCase()
  if (domain.length < 4 || knownDomains.includes(domain)) return undefined
  let best: { domain: string; edits: number } | undefined
  for (const known of knownDomains) {
    const edits = distance(domain, known)
    if (edits <= (known.length < 8 ? 1 : 2) && (!best || edits < best.edits)) best = { domain: known, edits }
  }
  return best ? `${value.slice(0, at)}@${best.domain}` : undefined
}

/**
 * An e-mail input with "Did you mean …?" under it, offered when the visitor leaves the field: a
 * suggestion only, never a block; its button puts the suggested address in the field.
 */
export function EmailInput({
  inputProps,
  didYouMean,
}: {
  inputProps: InputHTMLAttributes<HTMLInputElement>
  didYouMean: string
}) {
  const ref = useRef<HTMLInputElement>(null)
  const [suggestion, setSuggestion] = useState<string | undefined>()
  const apply = () => {
    const input = ref.current
    if (!input || !suggestion) return
    input.value = suggestion
    setSuggestion(undefined)
    // The form's own listeners check the field again and keep the draft.
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.focus()
  }
  return (
    <>
      <input
        {...inputProps}
        ref={ref}
        type="email"
        onBlur={(event) => setSuggestion(suggestEmail(event.currentTarget.value))}
        onInput={(event) => {
          if (suggestion && !suggestEmail(event.currentTarget.value)) setSuggestion(undefined)
        }}
      />
      <span className="field__suggestion" aria-live="polite">
        {suggestion ? (
          <>
            {didYouMean}{' '}
            <button type="button" className="link-button" onClick={apply}>
              {suggestion}
            </button>
            ?
          </>
        ) : null}
      </span>
    </>
  )
}
