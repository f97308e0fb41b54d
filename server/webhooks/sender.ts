/**
 * One attempt of one delivery: the payload signed as the Standard Webhooks specification describes
 * (the `standardwebhooks` reference library: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`), POSTed with a timeout to an address the caller allows, connected through
 * the lookup that checked it (server/webhooks/destination-address.ts), redirects not followed (a
 * 3xx is a failure: the owner fixes the URL).
 *
 * The answer's body is never read: the desk records the status and a short reason of ours ("no
 * answer within 10 s", "refused: HTTP 500"), so neither a receiver's text nor a connection's error
 * message (which would tell a closed port from a silent one) reaches the page.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { type AddressCheck, AddressNotAllowedError, outsideOnlyLookup } from './destination-address.ts'
import type { ReceiverAnswer } from './webhook-jobs.ts'

export interface SendSettings {
  /** Milliseconds before an attempt is abandoned (connection and answer together). */
  timeoutMs: number
}

export const defaultSendSettings: SendSettings = { timeoutMs: 10_000 }

/** The `webhook-id`: one per event and destination, the same on every attempt. */
function webhookMessageId(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll('-', '')}`
}

export interface SendResult extends ReceiverAnswer {
  ok: boolean
}

const notAllowed: SendResult = { ok: false, statusCode: null, excerpt: 'address not allowed' }

/** Error codes of a certificate the receiver's name does not match or nobody trusted signed. */
const certificateCodes = /^(ERR_TLS_CERT|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/

/** A short reason of ours for an attempt that got no answer. */
function reasonOf(error: unknown, timedOut: boolean, timeoutMs: number): SendResult {
  if (timedOut) return { ok: false, statusCode: null, excerpt: `no answer within ${timeoutMs / 1000} s` }
  if (error instanceof AddressNotAllowedError) return notAllowed
  const code = error instanceof Error && 'code' in error ? String(error.code) : ''
  const excerpt =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? 'name not found'
      : certificateCodes.test(code)
        ? 'certificate not trusted'
        : 'could not connect'
  return { ok: false, statusCode: null, excerpt }
}

function answerOf(response: IncomingMessage): SendResult {
  const status = response.statusCode ?? 0
  if (status >= 200 && status < 300)
    return { ok: true, statusCode: status, excerpt: `accepted: HTTP ${status}` }
  if (status >= 300 && status < 400)
    return { ok: false, statusCode: status, excerpt: `refused: HTTP ${status} (redirects are not followed)` }
  return { ok: false, statusCode: status, excerpt: `refused: HTTP ${status}` }
}

export async function sendWebhook(
  target: { url: string; secret: string; previousSecret?: string | null },
  message: { deliveryId: string; body: string },
  allowed: AddressCheck,
  settings: SendSettings = defaultSendSettings,
): Promise<SendResult> {
  const url = new URL(target.url)
  // An address written in the URL is connected to without a lookup: checked here.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isIP(host) !== 0 && !allowed(host)) return notAllowed
  const id = webhookMessageId(message.deliveryId)
  const timestamp = new Date()
  // After a rotation, a day of both signatures, space-separated as the specification allows: a
  // receiver still holding the old secret verifies the second one (decision 046).
  const signature = [target.secret, target.previousSecret]
    .filter((secret): secret is string => Boolean(secret))
    .map((secret) => new Webhook(secret).sign(id, timestamp, message.body))
    .join(' ')
  const signal = AbortSignal.timeout(settings.timeoutMs)
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<SendResult>((resolve) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        // A connection of its own each time: a pooled socket would skip the lookup's check.
        agent: false,
        lookup: outsideOnlyLookup(allowed),
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(message.body),
          'user-agent': 'agency-lead-desk-webhooks',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (response) => {
        resolve(answerOf(response))
        response.destroy()
      },
    )
    outgoing.on('error', (error) => resolve(reasonOf(error, signal.aborted, settings.timeoutMs)))
    outgoing.end(message.body)
  })
}
