/**
 * Where a lead came from, as the visitor's own tab recorded it at the first page of the visit
 * (app/site/attribution.ts) and sent it with the form: the field `_source`, a JSON object, in the
 * island's JSON body and in a form posted by the browser alike. It is not a form field: it is taken
 * out of the body before validation and fingerprints, so both are what they were without it.
 *
 * Anyone can send anything here, so only known keys of short single-line text are kept, each cut to
 * its length; a key that is not right is dropped, and a source that is not right at all is dropped
 * whole. It never refuses the lead (docs/api.md, "Where a lead came from").
 *
 * In forms/, the base the site and the server share: the server stores it (server/leads/), sends it
 * in the webhook payload (server/webhooks/, a layer below leads) and shows it on the desk.
 */

/** What is stored in `leads.source` (migration 015) and sent in the webhook payload. */
export interface LeadSource {
  /** The path of the visit's first page, without query or fragment. */
  landing?: string
  /** The other site that sent the visitor: its host only. */
  referrer?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  utmTerm?: string
  utmContent?: string
  /** Which kind of ad click id the landing address carried; never the id itself. */
  clickId?: ClickIdKind
  /**
   * The API token (its name) that posted the lead (a lead vendor's; docs/api.md, "API tokens"). Set
   * by the server only: a `_source` sent with a form never carries it.
   */
  apiToken?: string
}

/** The click ids of the ad networks, by their query parameter's name. */
const clickIdKinds = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
] as const
type ClickIdKind = (typeof clickIdKinds)[number]

/** The name of the body field that carries it. */
const sourceFieldName = '_source'

const utmKeys = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'] as const
const utmMaxLength = 100
const landingMaxLength = 200
/** A whole source as sent is a few hundred bytes; more is not the site's script. */
const sourceMaxLength = 2000

// Any control character, and the Unicode format characters that can hide text (bidi overrides).
const unsafeCharacters = /[\p{Cc}\p{Cf}]/u
const hostPattern = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/

function cleanText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = value.trim().slice(0, maxLength).trim()
  if (text === '' || unsafeCharacters.test(text)) return undefined
  return text.toWellFormed()
}

function cleanLanding(value: unknown): string | undefined {
  const text = cleanText(value, landingMaxLength * 2)
  if (!text?.startsWith('/') || text.startsWith('//') || text.includes('\\')) return undefined
  const path = text.split(/[?#]/)[0] ?? ''
  return path.slice(0, landingMaxLength)
}

function cleanReferrer(value: unknown): string | undefined {
  const text = cleanText(value, 260)?.toLowerCase()
  return text && hostPattern.test(text) ? text : undefined
}

function parsedObject(value: unknown): Record<string, unknown> | undefined {
  let parsed = value
  if (typeof value === 'string') {
    if (value.length > sourceMaxLength) return undefined
    try {
      parsed = JSON.parse(value)
    } catch {
      return undefined
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
  return parsed as Record<string, unknown>
}

const tokenNamePattern = /^[a-z0-9][a-z0-9._-]{0,59}$/

/**
 * The source in what was sent (or stored), validated; null when there is none or nothing of it is
 * right. Only a stored one may name its API token.
 */
function parseLeadSource(value: unknown, stored = false): LeadSource | null {
  const raw = parsedObject(value)
  if (!raw) return null
  const source: LeadSource = {}
  if (stored && typeof raw.apiToken === 'string' && tokenNamePattern.test(raw.apiToken))
    source.apiToken = raw.apiToken
  const landing = cleanLanding(raw.landing)
  if (landing) source.landing = landing
  const referrer = cleanReferrer(raw.referrer)
  if (referrer) source.referrer = referrer
  for (const key of utmKeys) {
    const text = cleanText(raw[key], utmMaxLength)
    if (text) source[key] = text
  }
  const clickId = clickIdKinds.find((kind) => kind === raw.clickId)
  if (clickId) source.clickId = clickId
  return Object.keys(source).length > 0 ? source : null
}

/**
 * Takes the source out of a submitted body (JSON object or parsed urlencoded form), so validation,
 * the honeypot and the fingerprints see the body without it.
 */
export function takeLeadSource(body: unknown): LeadSource | null {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, sourceFieldName)) return null
  const record = body as Record<string, unknown>
  const value = record[sourceFieldName]
  delete record[sourceFieldName]
  return parseLeadSource(value)
}

/** A stored source as the drivers return it (parsed jsonb, or text to be safe). */
export function storedLeadSource(value: unknown): LeadSource | null {
  return value === null || value === undefined ? null : parseLeadSource(value, true)
}

/** "google / boats": the source and campaign as staff name them; empty when neither is known. */
export function sourceCampaign(source: LeadSource | null | undefined): string {
  return [source?.utmSource, source?.utmCampaign].filter(Boolean).join(' / ')
}

/**
 * One short name of where a lead came from, for counting: the API token that posted it, else the utm source (and medium), else the
 * ad network of a click id, else the referring site, else "direct" when the visit's first page is
 * known, and "unknown" when nothing is.
 */
export function sourceChannel(source: LeadSource | null | undefined): string {
  if (!source) return 'unknown'
  if (source.apiToken) return `API token ${source.apiToken}`
  if (source.utmSource) return [source.utmSource, source.utmMedium].filter(Boolean).join(' / ')
  if (source.clickId) return `${source.clickId} (ad click)`
  if (source.referrer) return source.referrer.replace(/^www\./, '')
  return 'direct'
}
