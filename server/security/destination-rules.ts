/**
 * What a webhook destination's URL and signing secret must be, wherever one is set: in the
 * environment (server/config.ts, WEBHOOK_URL and WEBHOOK_SECRET) or on the desk
 * (server/webhooks/destinations.ts). Here, below both, so the configuration checks them without
 * importing the webhooks.
 */

/** A `whsec_` secret whose base64 part decodes to 24 bytes or more. */
export function isWebhookSecret(value: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)
  return match !== null && Buffer.from(match[1] ?? '', 'base64').length >= 24
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

function isLoopback(hostname: string): boolean {
  return loopbackHosts.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

/** C0 and C1 controls and DEL: the URL parser would drop a tab or a line break silently. */
const controlCharacter = /\p{Cc}/u

/**
 * Why a destination's URL is refused, or undefined when it is fine. Only http(s), no user name or
 * password in it, no control character. Plain http would carry leads unencrypted over the network,
 * so it is allowed only to this machine (loopback: a relay or a test receiver on the same host),
 * in every environment: every CRM takes https, and a development setting left on in production
 * cannot leak leads. A destination added on the desk (`onDesk`) is an outside address
 * (server/webhooks/destination-address.ts), so https only. SSN and EIN go only over https, even to
 * loopback.
 */
export function urlProblem(
  text: string,
  { sendSensitive, onDesk = false }: { sendSensitive: boolean; onDesk?: boolean },
): string | undefined {
  if (controlCharacter.test(text)) return 'must not contain control characters (a line break, a tab, NUL)'
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'must be a full address starting with https://'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https:// (or http://)'
  if (url.username || url.password) return 'must not carry a user name or password'
  if (text.length > 2000) return 'is too long (2000 characters at most)'
  if (url.protocol === 'http:') {
    if (sendSensitive) return 'must start with https:// to receive SSN and EIN'
    if (onDesk) return 'must start with https://'
    if (!isLoopback(url.hostname))
      return 'must start with https:// (http:// only to this machine: localhost or 127.0.0.1)'
  }
  return undefined
}
