/**
 * A push service on 127.0.0.1 (RFC 8030) and a browser's side of Web Push, for tests: the service
 * records every message POSTed to it and answers what a test tells it to (201 by default, 410 for a
 * browser that unsubscribed); the browser makes its P-256 key pair and auth secret as a browser
 * does, and decrypts a message (RFC 8291, aes128gcm of RFC 8188) and checks its VAPID signature
 * (RFC 8292) with node:crypto alone, not with the library the server sends with.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  at: number
}

export interface PushService {
  url: string
  received: ReceivedPush[]
  /** The status answered on a path (201 when unset). */
  answer: Map<string, number>
  /** Resolves with the first message on `path` (already received, or the next one). */
  next(path: string, timeoutMs: number): Promise<ReceivedPush>
  close(): Promise<void>
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = []
  const answer = new Map<string, number>()
  const waiting: { path: string; resolve: (push: ReceivedPush) => void }[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const push = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      }
      received.push(push)
      for (const waiter of waiting.filter((entry) => entry.path === push.path)) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(push)
      }
      response.writeHead(answer.get(push.path) ?? 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer,
    next(path, timeoutMs) {
      const already = received.find((push) => push.path === path)
      if (already) return Promise.resolve(already)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push on ${path} within ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiting.push({
          path,
          resolve: (push) => {
            clearTimeout(timer)
            resolve(push)
          },
        })
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A browser's subscription: its keys, as PushManager.subscribe() makes them. */
export interface TestBrowser {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  privateKey: Buffer
  publicKey: Buffer
  auth: Buffer
}

export function testBrowser(endpoint: string): TestBrowser {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    auth,
  }
}

/**
 * The message's plaintext, decrypted as RFC 8291 §3.4 and RFC 8188 §2 say: the header (salt, record
 * size, the server's one-time public key), the key and nonce derived with HKDF-SHA-256 from the
 * ECDH secret and the browser's auth secret, one AES-128-GCM record ending in the delimiter 0x02.
 */
export function decryptPush(browser: TestBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const keyLength = body[20] ?? 0
  const serverKey = body.subarray(21, 21 + keyLength)
  const record = body.subarray(21 + keyLength)
  if (record.length > recordSize) throw new Error('more than one record')
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(browser.privateKey)
  const shared = ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverKey])
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('the last record does not end with the delimiter 0x02')
  return padded.subarray(0, end).toString('utf8')
}

/**
 * The VAPID header (`vapid t=<JWT>, k=<public key>`, RFC 8292 §3): answers the JWT's claims once
 * its ES256 signature checks out with the key `k` names, which must be `serverKey`.
 */
export function verifiedVapidClaims(authorization: string, serverKey: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization)
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`)
  if (match[2] !== serverKey) throw new Error('signed with another key')
  const [header, claims, signature] = match[1].split('.') as [string, string, string]
  const point = Buffer.from(match[2], 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('the VAPID signature does not verify')
  const alg: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg
  if (alg !== 'ES256') throw new Error(`VAPID JWT alg ${String(alg)}`)
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'))
}
