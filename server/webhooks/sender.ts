/**
 * One attempt of one delivery: the payload signed as the Standard Webhooks specification describes
 * (the `standardwebhooks` reference library: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`), POSTed with a timeout, redirects not followed (a 3xx is a failure: the
 * owner fixes the URL), and at most a few kilobytes of the answer read, whatever the receiver sends.
 */
import { Webhook } from 'standardwebhooks'
import type { ReceiverAnswer } from './webhook-jobs.ts'

export interface SendSettings {
  /** Milliseconds before an attempt is abandoned (connection and answer together). */
  timeoutMs: number
  /** Bytes of the answer read at most (the rest is dropped unread). */
  maxAnswerBytes: number
}

export const defaultSendSettings: SendSettings = { timeoutMs: 10_000, maxAnswerBytes: 4096 }

/** How much of the answer the desk shows. */
const excerptLength = 200

/** The `webhook-id`: one per event and destination, the same on every attempt. */
function webhookMessageId(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll('-', '')}`
}

export interface SendResult extends ReceiverAnswer {
  ok: boolean
}

async function readBounded(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8')
}

function excerptOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, excerptLength)
}

export async function sendWebhook(
  target: { url: string; secret: string },
  message: { deliveryId: string; body: string },
  settings: SendSettings = defaultSendSettings,
): Promise<SendResult> {
  const id = webhookMessageId(message.deliveryId)
  const timestamp = new Date()
  const signature = new Webhook(target.secret).sign(id, timestamp, message.body)
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'agency-lead-desk-webhooks',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: message.body,
    })
    const excerpt = excerptOf(await readBounded(response, settings.maxAnswerBytes))
    return { ok: response.status >= 200 && response.status < 300, statusCode: response.status, excerpt }
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${settings.timeoutMs / 1000} s`
        : error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
          : 'unknown error'
    return { ok: false, statusCode: null, excerpt: excerptOf(reason) }
  }
}
