/**
 * Staff passwords, hashed with scrypt from node:crypto (no native add-on to build): a random salt
 * per password, the cost stored with the hash so it can be raised later without breaking old
 * hashes, and a constant-time comparison.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/** N = 2^15, r = 8, p = 3: one of OWASP's minimum scrypt settings, 32 MiB per hash. */
const cost = { N: 2 ** 15, r: 8, p: 3 }
const keyLength = 64
const saltLength = 16

export const passwordMinLength = 12
/** Bounds the work an attacker can make the server do per sign-in attempt. */
export const passwordMaxLength = 1024

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128 * N * r, or Node refuses the parameters.
    const maxmem = 256 * (options.N ?? cost.N) * (options.r ?? cost.r)
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength)
  const key = await derive(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A hash of no one's password: checking a password against it when the e-mail is unknown takes as
 * long as a real check, so response times do not tell which staff e-mails exist.
 */
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'))
  return decoy
}
let decoy: Promise<string> | undefined
