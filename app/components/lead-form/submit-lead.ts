import { leadSourceForSubmit } from '#app/site/attribution.ts'

/**
 * The one submit routine all 24 forms share. Success is a 2xx answer whose body is exactly 'OK'
 * (docs/contracts.md, "Forms"); anything else, network failures included, is a failure.
 */
export type SubmitOutcome =
  | { ok: true; reference?: string }
  | { ok: false; fields?: Record<string, string>; error: unknown }

/** The header carrying the stored lead's short reference (server/leads/lead-reference.ts). */
const referenceHeader = 'Lead-Reference'

export async function submitLead(
  formKey: string,
  body: Record<string, string>,
  {
    idempotencyKey,
    language,
    proofOfWork,
  }: { idempotencyKey: string; language: string; proofOfWork: string | null },
): Promise<SubmitOutcome> {
  try {
    const response = await fetch(`/api/forms/${encodeURIComponent(formKey)}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
        'Content-Language': language,
        ...(proofOfWork ? { 'X-Proof-Of-Work': proofOfWork } : {}),
      },
      // Where the visit began, as this tab kept it (app/site/attribution.ts); not a form field.
      body: JSON.stringify({ ...body, _source: leadSourceForSubmit() }),
    })
    const text = await response.text()
    if (response.ok && text === 'OK') {
      const reference = response.headers.get(referenceHeader)
      return reference ? { ok: true, reference } : { ok: true }
    }
    return {
      ok: false,
      fields: fieldErrors(text),
      error: new Error(`Form ${formKey}: HTTP ${response.status}`),
    }
  } catch (error) {
    return { ok: false, error }
  }
}

function fieldErrors(text: string): Record<string, string> | undefined {
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && 'fields' in parsed) {
      const fields = parsed.fields
      if (fields && typeof fields === 'object') {
        return Object.fromEntries(
          Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      }
    }
  } catch {
    // not JSON: no per-field errors to show
  }
  return undefined
}

/**
 * A fresh key per submission (the form keeps it while the answers stay the same, so a retry after a
 * failure is the same submission): the server stores one lead per key and body.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}
