/**
 * The submission pipeline, without HTTP: from a parsed body, its form and what the request said
 * about itself to what became of it. One pipeline for both encodings: spam signals, validation,
 * scoring, encryption, storage with its delivery job. A JSON post names its submission with an
 * Idempotency-Key; a form posted without JavaScript has none, so the same body from the same address
 * within a short window is one lead. The route (server/routes/forms.ts) refuses what it can before
 * the body is read and turns the outcome into an answer (docs/api.md, "Public").
 */

import { createHash } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Locale } from '#content/locale.ts'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { takeLeadSource } from '#forms/lead-source.ts'
import { validateSubmission } from '#forms/schema.ts'
import { visitorAddress } from '../mail/visitor-confirmation.tsx'
import { encryptSensitiveFields, sensitiveFieldNames } from '../security/sensitive-fields.ts'
import type { ProofCheck, ProofVerifier } from '../spam/proof-verifier.ts'
import { repeatWindowMs } from '../spam/repeat-text.ts'
import { judgeSubmission, type SpamVerdict } from '../spam/spam-score.ts'
import { isHoneypotFilled, spamFields, withoutHoneypot } from './honeypot.ts'
import type { LeadRepository, NewLead } from './lead-repository.ts'
import {
  bodyFingerprint,
  fingerprintKeyFrom,
  hashClientIp,
  storedUserAgent,
  textFingerprint,
} from './submission-metadata.ts'
import { visitorMailboxKeyer } from './visitor-copies.ts'

interface SubmissionDeps {
  leads: LeadRepository
  /** The server's stored secret: the salt of address hashes and the source of the fingerprints' key. */
  ipHashSalt: string
  /** Key of the AES-256-GCM encryption of sensitive fields (SSN, EIN) before they are stored. */
  encryptionKey: Buffer
  /** The checker of solved proofs of work; it remembers used ones, so one per server. */
  proofVerifier: ProofVerifier
  /** A form sent faster than this from its first touch is a bot's (spam-score.ts). */
  minFillMs: number
  /** The server's clock (tests pin it): date limits, the proof's age, the repeat windows. */
  now: () => Date
}

interface SubmissionInput {
  form: FormDefinition
  /**
   * The parsed body: JSON, or the urlencoded fields. Its `_source` is taken out of it (as the
   * lead's source), so what the caller reads afterwards is what was validated.
   */
  body: unknown
  /** How it came: the island's JSON, or a form the browser posted itself without JavaScript. */
  encoding: 'json' | 'form'
  language: Locale
  /** The client's address as the server trusts it; only its salted hash is stored. */
  clientAddress: string
  userAgent: string | undefined
  /** A JSON post's well-formed Idempotency-Key, null without one; a form post's is ignored. */
  idempotencyKey: string | null
  /** The `X-Proof-Of-Work` header as sent; a form post has none. */
  proof: string | string[] | undefined
  /**
   * The name of the API token (leads:create) that posted it: no proof of work or fill time is asked,
   * and the lead's source names the token (docs/api.md, "API tokens").
   */
  apiToken?: string
}

type SubmissionOutcome =
  | {
      kind: 'stored'
      /** The lead's reference: the new one's, or the first one's for a repeat (a bot gets one too). */
      reference: string
      /**
       * How agency_leads_received_total counts it (three of server/metrics/metrics.ts LeadOutcome,
       * a layer above): all three answer the visitor alike.
       */
      counted: 'stored' | 'spam' | 'repeat'
    }
  /** Nothing stored; the server's English message for each field that is not right. */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Nothing stored: the Idempotency-Key already names another form or body. */
  | { kind: 'key-reused' }

/** How long the same body from the same address counts as one lead when it has no idempotency key. */
const repeatPostWindowMs = 10 * 60_000

/** The stand-in idempotency key of a form posted without JavaScript, per window. */
function repeatKey(bodyHash: string, ipHash: string, atMs: number): string {
  const window = Math.floor(atMs / repeatPostWindowMs)
  return `form-${createHash('sha256').update(`${bodyHash}|${ipHash}|${window}`).digest('hex').slice(0, 40)}`
}

/** Every text a visitor typed, for the link and phrase signals. */
function typedTexts(form: FormDefinition, fields: Record<string, string>): string[] {
  return allFields(form)
    .filter((field) => field.kind === 'text' || field.kind === 'textarea' || field.kind === 'email')
    .map((field) => fields[field.name] ?? '')
    .filter((value) => value !== '')
}

const spamReasons = (judged: SpamVerdict) => (judged.isSpam ? judged.reasons : [])

export function createSubmissionService(deps: SubmissionDeps) {
  const fingerprintKey = fingerprintKeyFrom(deps.ipHashSalt)
  const visitorMailboxKey = visitorMailboxKeyer(deps.ipHashSalt)

  async function submit(input: SubmissionInput): Promise<SubmissionOutcome> {
    const { form, body, encoding } = input
    // The checks, scoring and encryption wait for the event loop's next turn: the answers of the
    // database that arrived meanwhile are read first, so the next batch of leads goes out at once
    // instead of after every request read in this turn has been checked (decision 036).
    await nextTurn()
    const now = deps.now()
    // Where the visit began (forms/lead-source.ts): out of the body before anything reads
    // it, so validation and fingerprints are the same with or without it; a bad one is dropped.
    const sent = takeLeadSource(body)
    const source = input.apiToken ? { ...sent, apiToken: input.apiToken } : sent
    const ipHash = hashClientIp(input.clientAddress, deps.ipHashSalt)
    const bodyHash = bodyFingerprint(fingerprintKey, form.key, body)
    const idempotencyKey =
      encoding === 'json' ? input.idempotencyKey : repeatKey(bodyHash, ipHash, now.getTime())
    if (encoding === 'form') {
      // The previous window's twin: a double post across the window's edge is still one lead.
      const earlier = await deps.leads.findLeadByIdempotencyKey(
        repeatKey(bodyHash, ipHash, now.getTime() - repeatPostWindowMs),
      )
      if (earlier) return { kind: 'stored', reference: earlier.reference, counted: 'repeat' }
    }
    const metadata = {
      formKey: form.key,
      language: input.language,
      userAgent: storedUserAgent(input.userAgent),
      ipHash,
      idempotencyKey,
      bodyHash,
      source,
    } satisfies Omit<NewLead, 'fields' | 'isSpam' | 'spamReasons'>
    // Before validation: a bot gets the same OK whatever else it sent, and learns nothing.
    const honeypotFilled = isHoneypotFilled(form, body)
    let fields: Record<string, string>
    if (honeypotFilled) {
      fields = spamFields(form, body)
    } else {
      const result = validateSubmission(form, body, now)
      if (!result.ok) return { kind: 'invalid', fields: result.fields }
      fields = withoutHoneypot(form, result.data)
    }
    // After validation: a submission refused as invalid does not use up its proof, so the visitor
    // who corrects an answer and sends again (a new Idempotency-Key, the same proof) is not a replay.
    const proof: ProofCheck =
      encoding === 'json' && !input.apiToken
        ? await deps.proofVerifier.check(input.proof, now, idempotencyKey)
        : { kind: 'missing' }
    const { verdict, ifRepeated } = judgeSubmission({
      honeypotFilled,
      encoding,
      proof,
      submittedAt: now,
      minFillMs: deps.minFillMs,
      sentWithToken: input.apiToken !== undefined,
      texts: typedTexts(form, fields),
    })
    // The visitor's copy (visitor-copies.ts): only for what the page's script sent with its proof
    // of work solved and not one spam signal, so a form posted without JavaScript, which anyone can
    // post with a stranger's address, gets none.
    const copyTo = visitorAddress(form, fields)
    const offersCopy = copyTo !== undefined && proof.kind === 'solved' && verdict.reasons.length === 0
    const { lead, created } = await deps.leads.insertLead({
      ...metadata,
      textHash: textFingerprint(fingerprintKey, form.key, fields, sensitiveFieldNames(form)) ?? null,
      fields: encryptSensitiveFields(form, fields, deps.encryptionKey),
      isSpam: verdict.isSpam,
      spamReasons: spamReasons(verdict),
      ...(offersCopy ? { visitorCopy: { mailboxKey: visitorMailboxKey(copyTo) } } : {}),
      // Recorded by the lead's insert, before the visitor is answered: used across a restart too.
      ...(proof.kind === 'solved' ? { usedProof: { proof: proof.used, now } } : {}),
      // The same text from other addresses this week: checked by the insert, in the same statement.
      ...(honeypotFilled
        ? {}
        : {
            repeatCheck: {
              since: new Date(now.getTime() - repeatWindowMs),
              ifRepeated: { isSpam: ifRepeated.isSpam, spamReasons: spamReasons(ifRepeated) },
            },
          }),
    })
    // A key is bound to its form and body: a different submission under a used key is refused
    // out loud rather than silently dropped. (A lead stored before fingerprints were keyed has
    // none: its form alone is compared; migration 009.)
    const sameBody = lead.bodyHash === null || lead.bodyHash === bodyHash
    if (!created && (lead.formKey !== form.key || !sameBody)) return { kind: 'key-reused' }
    return {
      kind: 'stored',
      reference: lead.reference,
      counted: !created ? 'repeat' : lead.isSpam ? 'spam' : 'stored',
    }
  }

  return { submit }
}
