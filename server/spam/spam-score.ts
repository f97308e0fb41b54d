/**
 * Layered spam scoring (docs/decisions/006-spam-scoring.md). Each signal adds points; a submission
 * at or over the threshold is stored as spam with its reasons, never mailed, and one "not spam"
 * click by staff delivers it. A honeypot alone is known to let daily spam through, so the signals
 * are several, and no single weak one decides:
 *
 * - the honeypot filled: spam on its own;
 * - the proof of work: a JSON post comes from our script, which always solves one, so a JSON post
 *   without a valid proof is a bot calling the API directly. A form posted by a browser without
 *   JavaScript has no proof and loses nothing for it;
 * - time from the first touch of the form to the submission (measured by the server from the
 *   challenge it issued): nobody fills a form in under two seconds;
 * - links and known spam phrases in the text (and, posted without JavaScript, any of them is spam);
 * - the same body already sent from another address.
 */
import type { ProofCheck } from './proof-verifier.ts'

const spamThreshold = 5

export interface SpamSignals {
  honeypotFilled: boolean
  /** `json`: sent by our script (or a bot); `form`: posted by a browser itself, without JavaScript. */
  encoding: 'json' | 'form'
  proof: ProofCheck
  submittedAt: Date
  /** Every submitted text value (names, messages, notes). */
  texts: string[]
  /** Faster than this from the first touch is a bot (SPAM_MIN_FILL_MS; 2 s by default). */
  minFillMs: number
  /**
   * Posted with an API token that may create leads (a lead vendor's system): no page, so no proof
   * of work and no fill time to judge; the text's signals still count.
   */
  sentWithToken?: boolean
}

export const defaultMinFillMs = 2000

export interface SpamVerdict {
  isSpam: boolean
  score: number
  /** For staff, in plain English: why this submission was judged as it was. */
  reasons: string[]
}

/**
 * One link is one match: a whole address is consumed (`https://www.example.com/listing` counts
 * once), and so is a BBCode or HTML link with the address inside it.
 */
const link =
  /\bhttps?:\/\/[^\s<>"'\]]*|\bwww\.[a-z0-9-]+\.[a-z]{2,}[^\s<>"'\]]*|\[url[=\]][^\s\]]*\]?|<a\s+href\s*=?\s*["']?[^\s"'>]*/gi

/**
 * Words of SEO, pharma, gambling and crypto spam; none belongs in an insurance request. The ones
 * that are also people's names or ways to reach them count only in a seller's phrase: Seo is a
 * Korean surname ("Mr. Seo", "Ji-woo Seo"), and many families ask to be reached on WhatsApp or
 * Telegram ("mi WhatsApp es…", "prefiero Telegram"), while "SEO services", "we do SEO" and "join my
 * Telegram channel" are sales pitches. A Ford Escort is a car; "escort services" is not.
 */
const spamPhrases: readonly RegExp[] = [
  /\b(?:backlinks?|guest posts?|web traffic|casino|viagra|cialis|crypto(?:currency)?|bitcoin|forex|payday loans?|porn|click here|buy now|cheap pills)\b/gi,
  /\bescort (?:services?|girls?|agency|agencies)\b/gi,
  /\bsearch engine optimi[sz]ation\b/gi,
  // SEO as a seller names it: followed by what is sold, or after a verb or adjective of selling.
  /\bseo(?=[\s-]+(?:services?|packages?|agency|agencies|company|companies|experts?|specialists?|consultants?|audits?|optimi[sz]ation|rankings?|results|campaigns?|strateg(?:y|ies)|marketing|plans?|tools?|friendly|optimized|for (?:your|you)|para (?:su|tu))\b)/gi,
  /(?<=\b(?:do|does|doing|offer|offers|offering|provide|provides|providing|sell|selling|affordable|cheap|best|expert|professional|local|white[- ]hat|black[- ]hat|improve your|servicios? de|posicionamiento|agencia|expertos? en)\s+)seo\b/gi,
  /\brank(?:ing)?(?: (?:your|my) (?:site|website|business|page|company))? (?:#?1 )?(?:on|in) google\b/gi,
  /\b(?:first page (?:of|on) google|primera p[aá]gina de google|posicionamiento (?:en google|web))\b/gi,
  // Telegram and WhatsApp as a channel to join, never as a way to be reached.
  /(?:\bjoin|[uú]nete a) (?:my|our|mi|nuestro) (?:(?:canal|grupo) (?:de )?)?(?:telegram|whatsapp)\b/gi,
  /\btelegram (?:channel|group|signals?)\b|\b(?:canal|grupo) de telegram\b|\bt\.me\//gi,
]

function countMatches(patterns: readonly RegExp[], texts: string[]): string[] {
  return texts.flatMap((text) =>
    patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0].toLowerCase())),
  )
}

function proofPoints(signals: SpamSignals): [number, string | undefined] {
  const { proof, encoding } = signals
  if (proof.kind === 'solved' || signals.sentWithToken) return [0, undefined]
  if (proof.kind === 'missing') {
    return encoding === 'json'
      ? [5, 'Sent straight to the API, without the proof of work the site asks of browsers']
      : [0, undefined]
  }
  const what = { invalid: 'an invalid', expired: 'an expired', replayed: 'an already used' }[proof.kind]
  return [5, `Sent with ${what} proof of work`]
}

function fillTimePoints(signals: SpamSignals): [number, string | undefined] {
  if (signals.proof.kind !== 'solved') return [0, undefined]
  const elapsedMs = signals.submittedAt.getTime() - signals.proof.issuedAt.getTime()
  const reason = `Filled in ${(Math.max(0, elapsedMs) / 1000).toFixed(1)} s from the first touch of the form`
  if (elapsedMs < signals.minFillMs) return [5, reason]
  if (elapsedMs < 2 * signals.minFillMs) return [2, reason]
  return [0, undefined]
}

/**
 * A post without the page's script carries no proof of work and no fill time, so a bot's `curl -d`
 * looks like it: such a post gains nothing cheap. With any link or spam word it is spam on its own;
 * a person's plain request without JavaScript still arrives (docs/decisions/006-spam-scoring.md).
 */
const noScriptPoints: [number, string] = [
  5,
  'Sent without JavaScript (so without the proof of work) and with a link or spam words in the text',
]

/** Points of the same text having come from other addresses: spam on its own. */
const repeatPoints = 5

function verdictOf(parts: [number, string | undefined][]): SpamVerdict {
  const score = parts.reduce((sum, [points]) => sum + points, 0)
  const reasons = parts.flatMap(([points, reason]) => (points > 0 && reason ? [reason] : []))
  return { isSpam: score >= spamThreshold, score, reasons }
}

/**
 * The verdict on everything the submission itself shows, and the one it gets if its text turns out
 * to have come from other addresses this week. Which applies is known only when the lead is stored:
 * the insert counts those addresses in the same statement (lead-repository.ts, `repeatCheck`) and
 * adds the matching reason of server/spam/repeat-text.ts (with `{n}` filled in) to the second verdict's reasons.
 */
export function judgeSubmission(signals: SpamSignals): { verdict: SpamVerdict; ifRepeated: SpamVerdict } {
  const parts: [number, string | undefined][] = []
  if (signals.honeypotFilled) parts.push([10, 'The hidden field that only bots fill was filled'])
  parts.push(proofPoints(signals), fillTimePoints(signals))

  const links = countMatches([link], signals.texts).length
  if (links > 0) parts.push([links >= 2 ? 4 : 2, `${links} ${links === 1 ? 'link' : 'links'} in the text`])
  const phrases = [...new Set(countMatches(spamPhrases, signals.texts))]
  if (phrases.length > 0) {
    parts.push([Math.min(4, 2 * phrases.length), `Spam words: ${phrases.slice(0, 5).join(', ')}`])
  }
  if (signals.encoding === 'form' && (links > 0 || phrases.length > 0)) parts.push(noScriptPoints)
  return { verdict: verdictOf(parts), ifRepeated: verdictOf([...parts, [repeatPoints, undefined]]) }
}
