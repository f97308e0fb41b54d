import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { locales, splitLocale, withLocale } from '#app/site/route-table.ts'
import { formMessages } from '#content/form-messages.ts'
import type { Locale } from '#content/locale.ts'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { validateField } from '#forms/field-rules.ts'
import { formDefinitions, getFormDefinition } from '#forms/registry.ts'
import type { RateLimit } from '../config.ts'
import { leadReferenceHeader } from '../leads/lead-reference.ts'
import type { LeadRepository } from '../leads/lead-repository.ts'
import { createSubmissionService } from '../leads/submission.ts'
import { leadLanguage, parseIdempotencyKey } from '../leads/submission-metadata.ts'
import { fromPath, noteLeadOutcome, postedFormKey } from '../metrics/lead-outcome.ts'
import type { FormPages } from '../no-js/form-pages.ts'
import { type KeyedCount, setRateLimitHeaders } from '../plugins/rate-limit.ts'
import { addressGroupKey } from '../security/client-address.ts'
import { issueChallenge, type ProofSettings, type ProofVerifier } from '../spam/proof-verifier.ts'
import { type ApiTokenIdentity, bearerOf } from '../staff/api-tokens.ts'

export interface FormRoutesOptions {
  leads: LeadRepository
  ipHashSalt: string
  /** Key of the AES-256-GCM encryption of sensitive fields (SSN, EIN) before they are stored. */
  encryptionKey: Buffer
  /** Per client address; false turns the limit off (benchmarks, tests of other things). */
  submitRateLimit: RateLimit | false
  /** The live API token a bearer value names (server/staff/api-tokens.ts); undefined for any other. */
  authenticateToken: (bearer: string) => Promise<ApiTokenIdentity | undefined>
  /** Counts a post of an API token against its own limit, instead of the address's. */
  tokenSubmitLimit: (tokenId: string) => Promise<KeyedCount>
  /** The browser's proof of work: how challenges are made, and the checker of solved ones. */
  proof: { settings: ProofSettings; verifier: ProofVerifier }
  /** A form sent faster than this from its first touch is a bot's (spam-score.ts). */
  minFillMs: number
  /** The pages answered to forms posted without JavaScript; undefined when no site is built. */
  pages?: FormPages
  /** The server's today for date limits (tests pin it). */
  now: () => Date
}

/**
 * The pages that hold a form, in every language ('/es/contact' → the contact message): without
 * JavaScript the browser posts a form to its own page, so a refused post is answered at the page's
 * address (docs/api.md, "Public").
 */
const formsByPage: ReadonlyMap<string, FormDefinition> = (() => {
  const pages = new Map<string, FormDefinition>()
  for (const form of formDefinitions) {
    for (const page of form.pages) {
      for (const locale of locales) {
        const path = withLocale(locale, page)
        const other = pages.get(path)
        if (other) throw new Error(`${path} holds two forms (${other.key}, ${form.key}): one page, one form`)
        pages.set(path, form)
      }
    }
  }
  return pages
})()

/** Forms are small; 64 KiB leaves room for long notes and stops floods of bytes early. */
export const formBodyLimit = 64 * 1024

const invalidMessage = 'Please correct the highlighted fields.'
const keyReusedMessage =
  'This Idempotency-Key was already used for a different submission. Send a new submission with a new key.'

interface FormRequest {
  Params: { formKey: string }
}

function mediaType(header: string | undefined): string {
  return header?.split(';')[0]?.trim().toLowerCase() ?? ''
}

const formMediaType = 'application/x-www-form-urlencoded'

/** A form the browser posted itself (no JavaScript), as opposed to the island's JSON. */
function isFormPost(request: FastifyRequest): boolean {
  return mediaType(request.headers['content-type']) === formMediaType
}

/**
 * The language of a post without JavaScript: its page's (a page posted to itself), or `?lang=es` on
 * the shared endpoint (what pages built before forms posted to their own address say).
 */
function postLocale(request: FastifyRequest): Locale {
  const page = postedPage(request)
  if (page !== undefined) return splitLocale(page).locale
  const query = request.query
  return query && typeof query === 'object' && 'lang' in query && query.lang === 'es' ? 'es' : 'en'
}

/** The page a form was posted to itself ('/es/contact'), or undefined for /api/forms/:formKey. */
function postedPage(request: FastifyRequest): string | undefined {
  return request.routeOptions.config?.leadForm === fromPath ? undefined : request.routeOptions.url
}

/** The path of the page the form was posted from, when the browser says (same site only). */
function refererPath(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer
  if (!referer) return undefined
  try {
    const url = new URL(referer)
    return url.host === request.host ? url.pathname.replace(/\/+$/, '') || '/' : undefined
  } catch {
    return undefined
  }
}

/** What the visitor typed, as strings, to put back in the form. */
function submittedValues(form: FormDefinition, body: unknown): Record<string, string> {
  const values: Record<string, string> = {}
  if (!body || typeof body !== 'object') return values
  for (const field of allFields(form)) {
    const value = Object.hasOwn(body, field.name) ? (body as Record<string, unknown>)[field.name] : undefined
    if (typeof value === 'string') values[field.name] = value
  }
  return values
}

/** The server's English messages again, in the page's language (the same rules, content/form-messages.ts). */
function localizedErrors(
  form: FormDefinition,
  body: unknown,
  english: Record<string, string>,
  locale: Locale,
  today: Date,
): Record<string, string> {
  if (locale === 'en') return english
  const values = submittedValues(form, body)
  const errors: Record<string, string> = {}
  for (const field of allFields(form)) {
    const message = english[field.name]
    if (!message) continue
    errors[field.name] = validateField(field, values[field.name], today, formMessages[locale]) ?? message
  }
  return errors
}

/** What a submission's request line and headers say, read once: the hook, the rate limit and the handler share it. */
interface RequestLine {
  form: FormDefinition | undefined
  /** undefined: no Idempotency-Key header; null: a malformed one. */
  idempotencyKey: string | null | undefined
}

const requestLines = new WeakMap<FastifyRequest, RequestLine>()
/** The API token (leads:create) a post was sent with, checked before its body is read. */
const postingTokens = new WeakMap<FastifyRequest, ApiTokenIdentity>()

function requestLine(request: FastifyRequest): RequestLine {
  let line = requestLines.get(request)
  if (!line) {
    line = {
      form: formOf(request),
      idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
    }
    requestLines.set(request, line)
  }
  return line
}

/**
 * A post with `Authorization: Bearer`: a lead vendor's system with a leads:create token, counted
 * against the token's own limit (docs/api.md, "API tokens"). Refused (401, 403, 415, 429) before its
 * body is read; a post without the header goes on as a visitor's.
 */
async function checkPostingToken(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Pick<FormRoutesOptions, 'authenticateToken' | 'tokenSubmitLimit'>,
): Promise<unknown> {
  if (request.headers.authorization === undefined) return
  const bearer = bearerOf(request.headers.authorization)
  const token = bearer === undefined ? undefined : await options.authenticateToken(bearer)
  if (!token)
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer error="invalid_token"')
      .send({ error: 'This API token is not valid: unknown, expired or revoked.' })
  if (!token.scopes.includes('leads:create'))
    return reply.code(403).send({ error: 'This API token lacks the scope leads:create.' })
  if (mediaType(request.headers['content-type']) !== 'application/json')
    return reply.code(415).send({ error: 'Send the lead as application/json.' })
  const counted = await options.tokenSubmitLimit(token.id)
  setRateLimitHeaders(reply, 'api-token-create', counted)
  if (!counted.allowed)
    return reply.code(429).send({ error: 'Too many leads for this API token: wait and retry.' })
  postingTokens.set(request, token)
}

/** Refuses what it can before the body is read: unknown form, not JSON, malformed idempotency key. */
async function checkRequestLine(request: FastifyRequest<FormRequest>, reply: FastifyReply): Promise<unknown> {
  const { form, idempotencyKey } = requestLine(request)
  if (!form) {
    return reply.code(404).send({ error: 'There is no such form.' })
  }
  const type = mediaType(request.headers['content-type'])
  if (type !== 'application/json' && type !== formMediaType) {
    return reply.code(415).send({ error: 'Send the form as application/json.' })
  }
  if (idempotencyKey === null) {
    return reply
      .code(400)
      .send({ error: 'The Idempotency-Key header must be 1 to 100 letters, digits, - or _.' })
  }
}

/** POST /api/forms/:formKey — one shared endpoint for the 24 forms (contract: docs/api.md). */
export async function formRoutes(app: FastifyInstance, options: FormRoutesOptions): Promise<void> {
  const submissions = createSubmissionService({
    leads: options.leads,
    ipHashSalt: options.ipHashSalt,
    encryptionKey: options.encryptionKey,
    proofVerifier: options.proof.verifier,
    minFillMs: options.minFillMs,
    now: options.now,
  })
  // A browser without JavaScript posts the form urlencoded: field names as the definitions write them
  // (checkbox groups included, e.g. `propertyInsurance[buildings]=true`), the first value of a name wins.
  app.addContentTypeParser(
    formMediaType,
    { parseAs: 'string', bodyLimit: formBodyLimit },
    (_request, body, done) => {
      const fields: Record<string, string> = Object.create(null)
      for (const [name, value] of new URLSearchParams(String(body))) {
        if (!Object.hasOwn(fields, name)) fields[name] = value
      }
      done(null, fields)
    },
  )

  // A refusal (404, 409, 413, 415, 429, 500) of a form posted without JavaScript is a page, not JSON.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isFormPost(request) || reply.statusCode < 400 || reply.statusCode === 400 || !options.pages)
      return payload
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
    const retryAfter = Number(reply.getHeader('retry-after'))
    const page = await options.pages.notice(
      postLocale(request),
      reply.statusCode === 429 ? 'rate-limited' : 'failed',
      {
        retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
        backPath: postedPage(request) ?? refererPath(request),
      },
    )
    if (!page) return payload
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    if (page.policy) reply.header('content-security-policy', page.policy)
    return page.html
  })

  app.get('/thank-you', (request, reply) => sendThankYou(request, reply, 'en'))
  app.get('/es/thank-you', (request, reply) => sendThankYou(request, reply, 'es'))

  /** The prerendered thank-you page with the request's reference in it (never cached: it is theirs). */
  async function sendThankYou(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
    const query = request.query
    const ref =
      query && typeof query === 'object' && 'ref' in query && typeof query.ref === 'string'
        ? query.ref
        : undefined
    const formKey =
      query && typeof query === 'object' && 'form' in query && typeof query.form === 'string'
        ? query.form
        : undefined
    // The page is asked for at once after the post (303), so now is when the request was sent.
    const page = await options.pages?.thankYou(locale, ref, {
      form: formKey ? getFormDefinition(formKey) : undefined,
      at: options.now(),
    })
    if (!page) return reply.callNotFound()
    if (page.policy) reply.header('content-security-policy', page.policy)
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html)
  }

  // The challenge a page asks for when the visitor first touches a form (never cached: each is new).
  app.get('/api/challenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return issueChallenge(options.proof.settings, options.now())
  })

  const routeOptions = {
    bodyLimit: formBodyLimit,
    onRequest: [
      checkRequestLine,
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (!reply.sent) return checkPostingToken(request, reply, options)
      },
    ],
    config: options.submitRateLimit
      ? {
          rateLimit: {
            max: options.submitRateLimit.max,
            timeWindow: options.submitRateLimit.windowMs,
            // Counted per address group (an IPv6 /64 is one visitor), keyed so that no Redis key
            // holds an address, and per family of forms: a visitor who asks for three quotes can
            // still send the contact form. A post refused as invalid gives its count back
            // (server/plugins/rate-limit.ts).
            keyGenerator: (request: FastifyRequest) =>
              `${addressGroupKey(request.ip, options.ipHashSalt, 'rate-limit')}|${requestLine(request).form?.family ?? 'quote'}`,
            // A token's posts count against the token's own limit (checkPostingToken).
            skip: (request: FastifyRequest) => postingTokens.has(request),
          },
        }
      : {},
  }
  const submit = async (request: FastifyRequest, reply: FastifyReply) => {
    const { form, idempotencyKey } = requestLine(request)
    if (!form) return reply.code(404).send({ error: 'There is no such form.' })
    const encoding = isFormPost(request) ? 'form' : 'json'
    const locale =
      encoding === 'form' ? postLocale(request) : leadLanguage(request.headers['content-language'])
    const outcome = await submissions.submit({
      form,
      body: request.body,
      encoding,
      language: locale,
      clientAddress: request.ip,
      userAgent: request.headers['user-agent'],
      idempotencyKey: idempotencyKey ?? null,
      proof: request.headers['x-proof-of-work'],
      apiToken: postingTokens.get(request)?.name,
    })
    if (outcome.kind === 'stored') noteLeadOutcome(request, outcome.counted)

    if (encoding === 'json') {
      if (outcome.kind === 'invalid')
        return reply.code(400).send({ error: invalidMessage, fields: outcome.fields })
      if (outcome.kind === 'key-reused') return reply.code(409).send({ error: keyReusedMessage })
      return sendOk(reply, outcome.reference)
    }
    // The browser posted the form itself: answer with pages in the visitor's language.
    if (outcome.kind === 'stored') {
      const target = `${locale === 'es' ? '/es' : ''}/thank-you?ref=${encodeURIComponent(outcome.reference)}&form=${form.key}`
      return reply.code(303).header(leadReferenceHeader, outcome.reference).redirect(target, 303)
    }
    const errors =
      outcome.kind === 'invalid'
        ? localizedErrors(form, request.body, outcome.fields, locale, options.now())
        : {}
    const page = await options.pages?.invalidForm({
      form,
      locale,
      pagePath: postedPage(request) ?? refererPath(request),
      values: submittedValues(form, request.body),
      errors,
    })
    if (!page) return reply.code(400).send({ error: invalidMessage, fields: errors })
    if (page.policy) reply.header('content-security-policy', page.policy)
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page.html)
  }
  app.post<FormRequest>(
    '/api/forms/:formKey',
    { ...routeOptions, config: { ...routeOptions.config, leadForm: fromPath } },
    submit,
  )
  // The same handler at every page that holds a form (the action of a form without JavaScript).
  for (const [page, form] of formsByPage) {
    app.post(
      page,
      // A browser's own post, answered with pages: not part of the API's document.
      { ...routeOptions, schema: { hide: true }, config: { ...routeOptions.config, leadForm: form.key } },
      submit,
    )
  }
}

/** The form a post is for: its page's, or the one its path names on the shared endpoint. */
function formOf(request: FastifyRequest): FormDefinition | undefined {
  return getFormDefinition(postedFormKey(request) ?? '')
}

/**
 * The success answer (docs/api.md, "Public"), body exactly `OK`, with the stored lead's reference in a header for the
 * visitor's confirmation (a repeated idempotent request gets the first lead's reference; a bot gets
 * one too, so its answer looks like anyone's).
 */
function sendOk(reply: FastifyReply, reference: string): FastifyReply {
  return reply.code(200).header(leadReferenceHeader, reference).type('text/plain; charset=utf-8').send('OK')
}
