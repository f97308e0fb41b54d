/**
 * Sensitive lead fields (workers' comp SSNs and EIN) are stored encrypted with AES-256-GCM under a
 * key from the environment. They never reach an e-mail or a log line; staff see them masked.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { FormDefinition } from '#forms/engine.ts'

const prefix = 'enc:v1:'

/** The form's sensitive fields (its definition's `sensitiveFields`). */
export function sensitiveFieldNames(form: FormDefinition): Set<string> {
  return new Set(form.sensitiveFields)
}

export function encryptValue(plain: string, key: Buffer): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${prefix}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
}

export function decryptValue(stored: string, key: Buffer): string {
  if (!stored.startsWith(prefix)) return stored
  const raw = Buffer.from(stored.slice(prefix.length), 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

/** The lead's fields as stored: sensitive values that were given are replaced by their ciphertext. */
export function encryptSensitiveFields(
  form: FormDefinition,
  fields: Record<string, string>,
  key: Buffer,
): Record<string, string> {
  const sensitive = sensitiveFieldNames(form)
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      sensitive.has(name) && value !== '' ? encryptValue(value, key) : value,
    ]),
  )
}

/** '123456789' → '•••••6789': enough for staff to tell values apart, not enough to use them. */
export function maskValue(plain: string): string {
  if (plain.length <= 4) return '•'.repeat(plain.length)
  return `${'•'.repeat(plain.length - 4)}${plain.slice(-4)}`
}

export function isEncrypted(value: string): boolean {
  return value.startsWith(prefix)
}
