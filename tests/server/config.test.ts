import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { agency } from '#config/agency.ts'
import { ConfigError, loadConfig, parseRateLimit } from '#server/config.ts'

const vapid = webpush.generateVAPIDKeys()

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'agency-config-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dir, ...env }, dir)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ IP_HASH_SALT: 'a-test-salt-of-some-length' }, dir)
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(dir, 'data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      leadsTo: agency.email,
      submitRateLimit: { max: 10, windowMs: 600_000 },
      nodeEnv: 'development',
      trustProxy: false,
      retentionDays: 365,
      // Won leads are customers: kept unless the agency says otherwise.
      retentionPurgesWon: false,
    })
    expect(config.mailFrom).toBe(`"${agency.shortName} website" <website@${agency.email.split('@')[1]}>`)
  })

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/site',
        DATABASE_URL: 'postgres://app@db.internal:5432/leads',
        SMTP_URL: 'smtp://user:pass@mail.example:587',
        LEADS_TO: 'desk@agency.example',
        MAIL_FROM: 'Website <web@agency.example>',
        SUBMIT_RATE_LIMIT: '5/30s',
        NODE_ENV: 'production',
        IP_HASH_SALT: '0123456789abcdef0123',
        TRUST_PROXY: '1',
        LEAD_ENCRYPTION_KEY: 'ab'.repeat(32),
        DELIVERY_MAX_ATTEMPTS: '4',
        DELIVERY_RETRY_BASE_MS: '500',
        DELIVERY_RETRY_MAX_MS: '8000',
        DELIVERY_POLL_MS: '200',
        RETENTION_DAYS: '90',
        RETENTION_WON: 'purge',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'https://agency.example/contact',
      },
      dir,
    )
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(dir, 'var/site'),
      databaseUrl: 'postgres://app@db.internal:5432/leads',
      smtpUrl: 'smtp://user:pass@mail.example:587',
      leadsTo: 'desk@agency.example',
      mailFrom: 'Website <web@agency.example>',
      submitRateLimit: { max: 5, windowMs: 30_000 },
      nodeEnv: 'production',
      ipHashSalt: '0123456789abcdef0123',
      trustProxy: 1,
      encryptionKey: Buffer.from('ab'.repeat(32), 'hex'),
      encryptionKeyGenerated: false,
      delivery: { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8000, pollMs: 200 },
      retentionDays: 90,
      retentionPurgesWon: true,
      vapid: { ...vapid, subject: 'https://agency.example/contact', generated: false },
    })
  })

  it('takes STAFF_REQUIRE_2FA as on/off like the other switches (true/false still read)', () => {
    const require2fa = (value: string) =>
      loadConfig({ DATA_DIR: dir, STAFF_REQUIRE_2FA: value }, dir).staffRequireSecondFactor
    expect(require2fa('on')).toBe(true)
    expect(require2fa('off')).toBe(false)
    expect(require2fa('true')).toBe(true)
    expect(require2fa('false')).toBe(false)
    expect(configError({ STAFF_REQUIRE_2FA: 'yes' })).toContain('STAFF_REQUIRE_2FA: must be on or off')
  })

  it('sends the digest to several addresses separated by commas', () => {
    const digestTo = (value: string) => loadConfig({ DATA_DIR: dir, DIGEST_TO: value }, dir).digestTo
    expect(digestTo('ana@agency.example, maria@agency.example')).toBe(
      'ana@agency.example, maria@agency.example',
    )
    expect(digestTo('owner@agency.example')).toBe('owner@agency.example')
    expect(configError({ DIGEST_TO: 'ana@agency.example, not an address' })).toContain(
      'DIGEST_TO: must be e-mail addresses separated by commas',
    )
  })

  it('lets desk webhook destinations be local in development and tests only', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).webhookLocalDestinations).toBe(false)
    expect(
      loadConfig({ DATA_DIR: dir, WEBHOOK_LOCAL_DESTINATIONS: 'on' }, dir).webhookLocalDestinations,
    ).toBe(true)
    expect(() =>
      loadConfig(
        {
          DATA_DIR: dir,
          NODE_ENV: 'production',
          LEAD_ENCRYPTION_KEY: 'ab'.repeat(32),
          WEBHOOK_LOCAL_DESTINATIONS: 'on',
        },
        dir,
      ),
    ).toThrow(/WEBHOOK_LOCAL_DESTINATIONS: never on in production/)
  })

  it('refuses to start in production without an encryption key, and makes one in development', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }, dir)).toThrow(/LEAD_ENCRYPTION_KEY/)
    const first = loadConfig({ DATA_DIR: dir }, dir)
    expect(first.encryptionKeyGenerated).toBe(true)
    expect(first.encryptionKey).toHaveLength(32)
    expect(loadConfig({ DATA_DIR: dir }, dir).encryptionKey.equals(first.encryptionKey)).toBe(true)
    expect(() => loadConfig({ DATA_DIR: dir, LEAD_ENCRYPTION_KEY: 'short' }, dir)).toThrow(
      /LEAD_ENCRYPTION_KEY/,
    )
  })

  it('needs the VAPID key pair in production, checks it, and makes one in development', () => {
    const production = { NODE_ENV: 'production', LEAD_ENCRYPTION_KEY: 'ab'.repeat(32) }
    expect(configError(production)).toMatch(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production/)
    expect(configError({ ...production, VAPID_PUBLIC_KEY: vapid.publicKey })).toMatch(
      /VAPID_PRIVATE_KEY: required with VAPID_PUBLIC_KEY/,
    )
    const other = webpush.generateVAPIDKeys()
    expect(configError({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    )
    expect(configError({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: 'short' })).toMatch(
      /VAPID_PRIVATE_KEY: must be a P-256 private key/,
    )
    // The message never echoes a key.
    expect(configError({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: 'short' })).not.toContain(
      'short',
    )
    expect(configError({ VAPID_SUBJECT: 'agency' })).toMatch(
      /VAPID_SUBJECT: must be a mailto: address or an https/,
    )
    const set = loadConfig(
      {
        DATA_DIR: dir,
        ...production,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
      dir,
    )
    expect(set.vapid).toEqual({ ...vapid, subject: `mailto:${agency.email}`, generated: false })

    // Development: a pair kept in DATA_DIR, the same at every start, usable by web-push.
    const first = loadConfig({ DATA_DIR: dir }, dir).vapid
    expect(first.generated).toBe(true)
    expect(loadConfig({ DATA_DIR: dir }, dir).vapid).toEqual(first)
    expect(() => webpush.setVapidDetails(first.subject, first.publicKey, first.privateKey)).not.toThrow()
    expect(
      webpush.generateRequestDetails(
        {
          endpoint: 'https://push.example.com/x',
          keys: { p256dh: vapid.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
        },
        null,
        { vapidDetails: first },
      ).headers.Authorization,
    ).toMatch(new RegExp(`^vapid t=.+, k=${first.publicKey}$`))
  })

  it('refuses TRUST_PROXY=true and says what to set instead', () => {
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }, dir)).toThrow(
      /TRUST_PROXY.*TRUST_PROXY=1 behind one reverse proxy/s,
    )
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1, ::1' }, dir).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
    ])
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '0' }, dir).trustProxy).toBe(false)
  })

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '', DATABASE_URL: '', IP_HASH_SALT: '' }, dir)
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
  })

  it('generates the IP-hash salt once and keeps it in the data dir', async () => {
    const first = loadConfig({ DATA_DIR: dir }, dir).ipHashSalt
    const second = loadConfig({ DATA_DIR: dir }, dir).ipHashSalt
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(second).toBe(first)
    expect((await readFile(path.join(dir, 'ip-hash-salt'), 'utf8')).trim()).toBe(first)
  })

  it('names every bad variable in one clear message', () => {
    const message = configError({
      PORT: 'eighty',
      SUBMIT_RATE_LIMIT: '10 per minute',
      DATABASE_URL: 'mysql://secret@host/db',
      LEADS_TO: 'not-an-address',
      NODE_ENV: 'staging',
    })
    expect(message).toContain('Invalid environment')
    expect(message).toMatch(/PORT: .*"eighty"/)
    expect(message).toMatch(/SUBMIT_RATE_LIMIT: must look like 10\/10m/)
    expect(message).toMatch(/DATABASE_URL: must be a postgres/)
    expect(message).toMatch(/LEADS_TO: must be an e-mail address/)
    expect(message).toMatch(/NODE_ENV: must be development, production or test/)
    // URLs can carry passwords: never echoed.
    expect(message).not.toContain('secret')
  })

  it('rejects an out-of-range port and a short salt', () => {
    expect(configError({ PORT: '70000' })).toMatch(/PORT: must be between 0 and 65535/)
    expect(configError({ IP_HASH_SALT: 'short' })).toMatch(/IP_HASH_SALT: must be at least 16/)
  })
})

describe('parseRateLimit', () => {
  it.each([
    ['10/10m', { max: 10, windowMs: 600_000 }],
    ['3/45s', { max: 3, windowMs: 45_000 }],
    ['100/1h', { max: 100, windowMs: 3_600_000 }],
  ])('%s', (text, expected) => {
    expect(parseRateLimit(text)).toEqual(expected)
  })

  it.each(['10', '10/m', '0/10m', '10/0m', '10/10d', '-1/10m', 'ten/10m'])('rejects %s', (text) => {
    expect(parseRateLimit(text)).toBeUndefined()
  })
})
