/**
 * The server's VAPID key pair (RFC 8292): a P-256 key whose public half browsers are given when
 * they subscribe, and whose private half signs the JWT of every push, so a push service accepts
 * messages to that browser from this server only. Both halves travel as base64url, as browsers and
 * the web-push package take them: the public key as an uncompressed point (65 bytes), the private
 * key as its 32-byte scalar.
 */
import { createECDH } from 'node:crypto'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  /** Who runs the server, for the push service (a mailto: or https: URL). */
  subject: string
}

/** The public key of a private key, or undefined when it is not a P-256 scalar. */
function publicKeyOf(privateKey: Buffer): string | undefined {
  if (privateKey.length !== 32) return undefined
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(privateKey)
    return ecdh.getPublicKey().toString('base64url')
  } catch {
    return undefined
  }
}

/**
 * The pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: why it is refused (a message naming the
 * variable), or the keys.
 */
export function vapidPairProblem(publicKey: string, privateKey: string): string | undefined {
  const base64url = /^[A-Za-z0-9_-]+$/
  if (!base64url.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32)
    return 'VAPID_PRIVATE_KEY: must be a P-256 private key, 32 bytes in base64url (npx web-push generate-vapid-keys)'
  const derived = publicKeyOf(Buffer.from(privateKey, 'base64url'))
  if (!derived)
    return 'VAPID_PRIVATE_KEY: must be a P-256 private key, 32 bytes in base64url (npx web-push generate-vapid-keys)'
  if (!base64url.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65)
    return 'VAPID_PUBLIC_KEY: must be a P-256 public key, 65 bytes in base64url (npx web-push generate-vapid-keys)'
  if (derived !== Buffer.from(publicKey, 'base64url').toString('base64url'))
    return 'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY'
  return undefined
}

/**
 * A development pair from a generated secret (64 hex characters kept in DATA_DIR, as the other
 * generated secrets are): the secret is the private scalar, the public key follows from it.
 */
export function vapidKeysFromSecret(hexSecret: string, subject: string): VapidKeys | undefined {
  const privateKey = Buffer.from(hexSecret, 'hex')
  const publicKey = publicKeyOf(privateKey)
  return publicKey === undefined
    ? undefined
    : { publicKey, privateKey: privateKey.toString('base64url'), subject }
}
