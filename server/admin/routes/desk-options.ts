import type { Database } from '#server/db/database.ts'
import type { PasswordCost } from '#server/staff/password-hash.ts'
import type { ThrottleSettings } from '#server/staff/sign-in-throttle.ts'
import type { SessionSettings } from '#server/staff/staff-sessions.ts'
import type { StaffDesk } from '../staff-desk.ts'
import type { SiteDesk } from './site-api.ts'

/**
 * What the staff pages' route plugins are given: admin-routes.ts registers each with this one
 * object, and each plugin names the part it reads (Pick<DeskOptions, …>).
 */
export interface DeskOptions {
  db: Database
  desk: StaffDesk
  /**
   * Decrypts sensitive values (masked on the pages and in the export) and the second factors;
   * encrypts what is shown once after a redirect (a generated password, new recovery codes).
   */
  encryptionKey: Buffer
  /** The server's secret for keyed hashes and device cookies; names the account a lock is about. */
  ipHashSalt: string
  /** The session cookie's Secure flag (config.adminCookieSecure). */
  cookieSecure: boolean
  session: SessionSettings
  throttle: ThrottleSettings
  /** Every account must enrol a second factor (production, or STAFF_REQUIRE_2FA=true). */
  requireSecondFactor: boolean
  now: () => Date
  /** The scrypt cost of the passwords set here and of the sign-in's decoy (AppOptions.passwordCost). */
  passwordCost?: PasswordCost
  /**
   * WEBHOOK_LOCAL_DESTINATIONS (development and tests only): a destination added on the desk may be
   * a receiver on this machine (loopback, over http), as WEBHOOK_URL may.
   */
  localWebhookDestinations?: boolean
  /** The site settings' preview and the refresh after a publish (server/site). */
  site: SiteDesk
  /** Phone notifications (AdminRoutesOptions.push): the VAPID public key; none without it. */
  push?: { publicKey: string; allowLoopback: boolean }
}
