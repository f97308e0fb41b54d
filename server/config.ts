import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { agency } from '#config/agency.ts'
import { isWebhookSecret, urlProblem } from './security/destination-rules.ts'
import { type VapidKeys, vapidKeysFromSecret, vapidPairProblem } from './security/vapid-keys.ts'

/**
 * The server's settings, read from the environment once at start (docs/contracts.md, "Environment").
 * Everything else about the agency lives in config/agency.ts.
 */
export interface Config {
  port: number
  host: string
  /** Absolute path: embedded database files, the mail folder, the generated IP-hash salt. */
  dataDir: string
  /** A PostgreSQL server; undefined means embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined
  /** undefined means notifications are written as .eml files under `dataDir/mail`. */
  smtpUrl: string | undefined
  leadsTo: string
  mailFrom: string
  submitRateLimit: RateLimit
  nodeEnv: 'development' | 'production' | 'test'
  /** Key of the HMAC that turns a client address into the stored `ip_hash`. */
  ipHashSalt: string
  /** Fastify's trustProxy: how many proxies (or which addresses) may name the client in X-Forwarded-For. */
  trustProxy: false | number | string[]
  /** Bearer token for monitoring (/metrics, details of /api/health); undefined: staff only. */
  metricsToken: string | undefined
  /** Difficulty of the browser's proof of work (the mean work is half of it). */
  proofOfWorkMaxNumber: number
  /** A form sent faster than this from its first touch counts as a bot's. */
  spamMinFillMs: number
  /** AES-256-GCM key for sensitive lead fields (SSN, EIN). */
  encryptionKey: Buffer
  /** True when no LEAD_ENCRYPTION_KEY was set and a development key was made under DATA_DIR. */
  encryptionKeyGenerated: boolean
  delivery: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; pollMs: number }
  /** Lost, closed and spam leads older than this many days are purged; 0 keeps every lead. */
  retentionDays: number
  /** Won leads (the agency's customers) are purged with them only when RETENTION_WON is `purge`. */
  retentionPurgesWon: boolean
  /** The staff session cookie's Secure flag: on in production unless ADMIN_COOKIE_SECURE says otherwise. */
  adminCookieSecure: boolean
  /** Shared store of the submission rate limit when several processes run; undefined: in memory. */
  redisUrl: string | undefined
  /** Prefix of every Redis key this site writes (several sites, or test runs, may share one Redis). */
  redisKeyPrefix: string
  /** Where the daily backups of the embedded database go, and how many are kept (0: none taken). */
  backup: { dir: string; keep: number }
  /** Every staff account must enrol a second factor: on in production unless STAFF_REQUIRE_2FA=off. */
  staffRequireSecondFactor: boolean
  /**
   * WEBHOOK_LOCAL_DESTINATIONS=on (never in production): destinations added on the desk may also be
   * receivers on this machine (http://127.0.0.1, localhost), for a developer's or a test's receiver.
   */
  webhookLocalDestinations: boolean
  /** The morning digest: 'HH:MM' in the agency's time zone, or undefined when DIGEST_TIME=off. */
  digestTime: string | undefined
  digestTo: string
  /** WEBHOOK_URL and WEBHOOK_SECRET: one destination for every form, never SSN or EIN; undefined: none. */
  webhook: { url: string; secret: string } | undefined
  /** The visitor's copy of a request by e-mail (server/mail/visitor-confirmation.tsx); VISITOR_CONFIRMATION=off: none. */
  visitorConfirmation: boolean
  /**
   * The VAPID key pair that signs phone notifications (server/push): VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY, or in development a pair generated in DATA_DIR (`generated`).
   */
  vapid: VapidKeys & { generated: boolean }
}

export interface RateLimit {
  max: number
  windowMs: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const unitMs = { s: 1000, m: 60_000, h: 3_600_000 } as const

/** `10/10m` → 10 requests per 10 minutes. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const match = /^(\d+)\/(\d+)([smh])$/.exec(text.trim())
  if (!match) return undefined
  const [, max, amount, unit] = match
  const windowMs = Number(amount) * unitMs[unit as keyof typeof unitMs]
  if (Number(max) < 1 || windowMs < 1) return undefined
  return { max: Number(max), windowMs }
}

/**
 * `false`, a hop count or the proxies' addresses. Never `true`: trusting every hop lets a client
 * name its own address in X-Forwarded-For, and a fresh address per request slips past the
 * submission rate limit and the sign-in lockout.
 */
function parseTrustProxy(text: string): false | number | string[] {
  if (text === 'false') return false
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text)
  return text.split(',').map((entry) => entry.trim())
}

const emailAddress = z.email()
/** A bare address or `Name <address>`, as nodemailer accepts. */
const mailbox = z.string().refine(
  (value) => {
    const angle = /<([^<>]+)>\s*$/.exec(value)
    return emailAddress.safeParse(angle ? angle[1] : value.trim()).success
  },
  { message: 'must be an e-mail address, optionally as "Name <address>"' },
)

const agencyDomain = agency.email.split('@')[1] ?? 'localhost'

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((port) => port <= 65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  LEADS_TO: z.email({ error: 'must be an e-mail address' }).default(agency.email),
  MAIL_FROM: mailbox.default(`"${agency.shortName} website" <website@${agencyDomain}>`),
  SUBMIT_RATE_LIMIT: z
    .string()
    .transform((text, context) => {
      const limit = parseRateLimit(text)
      if (!limit) {
        context.addIssue({ code: 'custom', message: 'must look like 10/10m (N/Ns, N/Nm or N/Nh), N ≥ 1' })
        return z.NEVER
      }
      return limit
    })
    .default({ max: 10, windowMs: 10 * 60_000 }),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  IP_HASH_SALT: z.string().min(16, 'must be at least 16 characters').optional(),
  LEAD_ENCRYPTION_KEY: z
    .string()
    .regex(
      /^[0-9a-fA-F]{64}$/,
      'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
    )
    .optional(),
  DELIVERY_MAX_ATTEMPTS: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).default(10),
  DELIVERY_RETRY_BASE_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .default(30_000),
  DELIVERY_RETRY_MAX_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .default(6 * 3_600_000),
  DELIVERY_POLL_MS: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).default(1000),
  RETENTION_DAYS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number (0 keeps every lead)')
    .transform(Number)
    .default(365),
  RETENTION_WON: z.enum(['keep', 'purge'], { error: 'must be keep or purge' }).default('keep'),
  ADMIN_COOKIE_SECURE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  // on/off like the other switches; true/false as it was first written.
  STAFF_REQUIRE_2FA: z.enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' }).optional(),
  WEBHOOK_LOCAL_DESTINATIONS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  DIGEST_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time as HH:MM (24-hour), or off')
    .default('08:00'),
  // One address or several, separated by commas (at most 10: the digest is for the agency's staff).
  DIGEST_TO: z
    .string()
    .transform((value) => value.split(',').map((address) => address.trim()))
    .pipe(
      z
        .array(z.email({ error: 'must be e-mail addresses separated by commas' }))
        .min(1)
        .max(10, { error: 'at most 10 addresses' }),
    )
    .optional(),
  VISITOR_CONFIRMATION: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => value !== 'true',
      'must not be true (any client could then choose its own address): set the number of proxies in front of the server, e.g. TRUST_PROXY=1 behind one reverse proxy, or their addresses, e.g. TRUST_PROXY=127.0.0.1',
    )
    .regex(/^(false|\d+|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, 'must be false, a hop count or addresses')
    .transform(parseTrustProxy)
    .default(false),
  PROOF_OF_WORK_MAX_NUMBER: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 1 && value <= 10_000_000, 'must be between 1 and 10000000')
    .default(50_000),
  SPAM_MIN_FILL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .default(2000),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -')
    .default('agency-site:'),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z
    .string()
    .regex(/^\d+$/, 'must be a whole number (0 turns the nightly backup off)')
    .transform(Number)
    .default(14),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 24`)')
    .optional(),
  WEBHOOK_URL: z.string().optional(),
  WEBHOOK_SECRET: z
    .string()
    .refine(isWebhookSecret, 'must be a whsec_ secret: whsec_ then 24 or more random bytes in base64')
    .optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .default(`mailto:${agency.email}`),
})

/**
 * Reads and validates the environment. Empty variables count as unset, so `FOO=` in a .env file
 * means "use the default". Throws ConfigError naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const value = present[name]
      // Never echo secrets (URLs may carry passwords, the salt is a secret).
      const shown =
        value === undefined || /URL|SALT|TOKEN|SECRET|KEY$/.test(name)
          ? ''
          : ` (got ${JSON.stringify(value)})`
      return `  ${name}: ${issue.message}${shown}`
    })
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const values = parsed.data
  const dataDir = path.resolve(cwd, values.DATA_DIR)
  if (!values.LEAD_ENCRYPTION_KEY && values.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid environment:\n  LEAD_ENCRYPTION_KEY: required in production (64 hexadecimal characters, e.g. from `openssl rand -hex 32`)',
    )
  }
  // A desk (a web form) that can aim the server at this machine is what decision 032 forbids: the
  // switch exists for development and tests only.
  if (values.WEBHOOK_LOCAL_DESTINATIONS === 'on' && values.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid environment:\n  WEBHOOK_LOCAL_DESTINATIONS: never on in production (desk destinations must be outside addresses)',
    )
  }
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    leadsTo: values.LEADS_TO,
    mailFrom: values.MAIL_FROM,
    submitRateLimit: values.SUBMIT_RATE_LIMIT,
    nodeEnv: values.NODE_ENV,
    ipHashSalt: values.IP_HASH_SALT ?? readOrCreateSecret(dataDir, 'ip-hash-salt'),
    trustProxy: values.TRUST_PROXY,
    metricsToken: values.METRICS_TOKEN,
    proofOfWorkMaxNumber: values.PROOF_OF_WORK_MAX_NUMBER,
    spamMinFillMs: values.SPAM_MIN_FILL_MS,
    encryptionKey: Buffer.from(
      values.LEAD_ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'lead-encryption-key'),
      'hex',
    ),
    encryptionKeyGenerated: values.LEAD_ENCRYPTION_KEY === undefined,
    delivery: {
      maxAttempts: Math.max(1, values.DELIVERY_MAX_ATTEMPTS),
      baseDelayMs: values.DELIVERY_RETRY_BASE_MS,
      maxDelayMs: values.DELIVERY_RETRY_MAX_MS,
      pollMs: Math.max(50, values.DELIVERY_POLL_MS),
    },
    retentionDays: values.RETENTION_DAYS,
    retentionPurgesWon: values.RETENTION_WON === 'purge',
    // Browsers drop a Secure cookie over plain http, so http://127.0.0.1 in development needs it off.
    adminCookieSecure:
      values.ADMIN_COOKIE_SECURE === undefined
        ? values.NODE_ENV === 'production'
        : values.ADMIN_COOKIE_SECURE === 'true',
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    backup: {
      dir: values.BACKUP_DIR ? path.resolve(cwd, values.BACKUP_DIR) : path.join(dataDir, 'backups'),
      keep: values.BACKUP_KEEP,
    },
    staffRequireSecondFactor:
      values.STAFF_REQUIRE_2FA === undefined
        ? values.NODE_ENV === 'production'
        : values.STAFF_REQUIRE_2FA === 'on' || values.STAFF_REQUIRE_2FA === 'true',
    digestTime: values.DIGEST_TIME === 'off' ? undefined : values.DIGEST_TIME,
    digestTo: values.DIGEST_TO?.join(', ') ?? values.LEADS_TO,
    webhook: webhookFrom(values),
    webhookLocalDestinations: values.WEBHOOK_LOCAL_DESTINATIONS === 'on',
    visitorConfirmation: values.VISITOR_CONFIRMATION === 'on',
    vapid: vapidFrom(values, dataDir),
  }
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither; required in production, as every
 * browser subscribed under one pair must be sent to with it (a new pair silences every phone).
 * In development, a pair generated once in DATA_DIR.
 */
function vapidFrom(
  values: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string; NODE_ENV: string },
  dataDir: string,
): Config['vapid'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = values
  if (publicKey && privateKey) {
    const problem = vapidPairProblem(publicKey, privateKey)
    if (problem) throw new ConfigError(`Invalid environment:\n  ${problem}`)
    return { publicKey, privateKey, subject, generated: false }
  }
  if (publicKey || privateKey) {
    const missing = publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'
    throw new ConfigError(
      `Invalid environment:\n  ${missing}: required with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}`,
    )
  }
  if (values.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production (a pair from `npx web-push generate-vapid-keys`)',
    )
  }
  const generated = vapidKeysFromSecret(readOrCreateSecret(dataDir, 'vapid-private-key'), subject)
  if (!generated)
    throw new ConfigError(
      `The secret in ${path.join(dataDir, 'vapid-private-key')} is not a P-256 key; delete the file.`,
    )
  return { ...generated, generated: true }
}

/** The environment's webhook destination: both variables or neither, its URL as the desk checks it. */
function webhookFrom(values: { WEBHOOK_URL?: string; WEBHOOK_SECRET?: string }): Config['webhook'] {
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = values
  if (!url && !secret) return undefined
  if (!url || !secret) {
    const missing = url ? 'WEBHOOK_SECRET' : 'WEBHOOK_URL'
    throw new ConfigError(
      `Invalid environment:\n  ${missing}: required with ${url ? 'WEBHOOK_URL' : 'WEBHOOK_SECRET'}`,
    )
  }
  const problem = urlProblem(url, { sendSensitive: false })
  if (problem) throw new ConfigError(`Invalid environment:\n  WEBHOOK_URL: ${problem}`)
  return { url, secret }
}

/**
 * Without IP_HASH_SALT (or, in development, LEAD_ENCRYPTION_KEY), a random secret is generated
 * once and kept in the data directory, so hashes stay comparable and encrypted fields readable
 * across restarts. Several servers sharing one PostgreSQL must set both variables.
 */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  mkdirSync(dataDir, { recursive: true })
  if (!existsSync(file)) {
    // Written aside then linked into place: link() fails if another process won the race, and a
    // reader never sees a half-written file.
    const draft = `${file}.${process.pid}.tmp`
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 })
    try {
      linkSync(draft, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(draft)
    }
  }
  const salt = readFileSync(file, 'utf8').trim()
  if (salt.length < 16) throw new ConfigError(`The secret in ${file} is too short; delete the file.`)
  return salt
}
