/**
 * One attempt of one phone notification: the payload encrypted to the browser's keys (RFC 8291,
 * aes128gcm) and signed with the server's VAPID key (RFC 8292) by the web-push package, then POSTed
 * by us to the push service (RFC 8030) with a timeout, through the lookup that checks every address
 * it connects to (server/webhooks/destination-address.ts): web-push builds the request, and this
 * module decides where it may go, as for a webhook.
 */
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import webpush from 'web-push'
import type { VapidKeys } from '../security/vapid-keys.ts'
import {
  type AddressCheck,
  AddressNotAllowedError,
  isLoopbackAddress,
  isOutsideAddress,
  outsideOnlyLookup,
} from '../webhooks/destination-address.ts'

/** How the push service answered, in a few words of ours (never the endpoint). */
export interface PushAnswer {
  outcome: 'sent' | 'gone' | 'failed'
  reason: string
}

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushSendSettings {
  vapid: VapidKeys
  /** Development and tests: push services on this machine (http://127.0.0.1) are allowed. */
  allowLoopback: boolean
  /** Milliseconds before an attempt is abandoned (connection and answer together). */
  timeoutMs?: number
}

/** A push service keeps an undelivered message this long (a phone off for the night still gets it). */
const timeToLiveSeconds = 12 * 3600

export async function sendPush(
  target: PushTarget,
  message: { payload: string; urgency: 'high' | 'normal'; topic: string },
  settings: PushSendSettings,
): Promise<PushAnswer> {
  const timeoutMs = settings.timeoutMs ?? 10_000
  const allowed: AddressCheck = settings.allowLoopback
    ? (address) => isOutsideAddress(address) || isLoopbackAddress(address)
    : isOutsideAddress
  const url = new URL(target.endpoint)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isIP(host) !== 0 && !allowed(host)) return { outcome: 'failed', reason: 'address not allowed' }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && settings.allowLoopback))
    return { outcome: 'failed', reason: 'address not allowed' }
  const details = webpush.generateRequestDetails(target, message.payload, {
    vapidDetails: settings.vapid,
    TTL: timeToLiveSeconds,
    contentEncoding: 'aes128gcm',
    urgency: message.urgency,
    topic: message.topic,
  })
  const signal = AbortSignal.timeout(timeoutMs)
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  )
  return new Promise<PushAnswer>((resolve) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        // A connection of its own each time: a pooled socket would skip the lookup's check.
        agent: false,
        lookup: outsideOnlyLookup(allowed),
        signal,
        headers,
      },
      (response) => {
        const status = response.statusCode ?? 0
        response.destroy()
        if (status >= 200 && status < 300) resolve({ outcome: 'sent', reason: `accepted: HTTP ${status}` })
        // RFC 8030 §7.3: the subscription expired or was removed; sending again is pointless.
        else if (status === 404 || status === 410)
          resolve({ outcome: 'gone', reason: `gone: HTTP ${status}` })
        else resolve({ outcome: 'failed', reason: `refused: HTTP ${status}` })
      },
    )
    outgoing.on('error', (error) => {
      const reason = signal.aborted
        ? `no answer within ${timeoutMs / 1000} s`
        : error instanceof AddressNotAllowedError
          ? 'address not allowed'
          : 'could not connect'
      resolve({ outcome: 'failed', reason })
    })
    outgoing.end(details.body)
  })
}
