import type { LightMyRequestResponse } from 'fastify'

/** The first Set-Cookie of a response as a Cookie header sends it back ("name=value"). */
export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie']
  const first = Array.isArray(header) ? header[0] : header
  if (!first) throw new Error('no Set-Cookie in the response')
  return first.split(';')[0] ?? ''
}
