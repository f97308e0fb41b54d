/**
 * The site's settings in the database (migration 029): one draft the owners edit, and every
 * published version. The newest version is the one in force on every server process sharing the
 * database; none means the defaults of config/. Publishing checks the draft whole
 * (settings-schema.ts) and stores it as the next version in one statement, so a publish is all or
 * nothing. A restore publishes an old version's settings again, as a new version. Both are recorded
 * in staff_audit with who did it.
 */
import { defaultSiteSettings, type SiteSettings } from '#config/site-settings.ts'
import type { Database, Queryable } from '#server/db/database.ts'
import { recordStaffAudit } from '#server/staff/staff-accounts.ts'
import { checkSiteSettings, type SettingsProblem } from './settings-schema.ts'
import { missingUploads } from './site-uploads.ts'

export interface PublishedVersion {
  version: number
  settings: SiteSettings
  publishedBy: string
  publishedAt: Date
  restoredFrom: number | null
}

export interface SettingsDraft {
  settings: SiteSettings
  /** The version the draft was started from (null: the defaults). */
  baseVersion: number | null
  updatedBy: string | null
  updatedAt: Date | null
}

interface VersionRow {
  version: number
  settings: SiteSettings
  published_by: string
  published_at: Date | string
  restored_from: number | null
}

const versionColumns = 'version, settings, published_by, published_at, restored_from'

/** The one SELECT of published versions: `rest` is what follows the table (WHERE, ORDER, LIMIT). */
async function selectVersions(
  db: Queryable,
  rest: string,
  values: unknown[] = [],
): Promise<PublishedVersion[]> {
  const rows = await db.query<VersionRow>(
    `SELECT ${versionColumns} FROM site_settings_versions ${rest}`,
    values,
  )
  return rows.map(toVersion)
}

function toVersion(row: VersionRow): PublishedVersion {
  return {
    version: row.version,
    settings: row.settings,
    publishedBy: row.published_by,
    publishedAt: new Date(row.published_at),
    restoredFrom: row.restored_from,
  }
}

/** The version in force, or undefined while none was ever published (the defaults apply). */
export async function publishedVersion(db: Queryable): Promise<PublishedVersion | undefined> {
  const [newest] = await selectVersions(db, 'ORDER BY version DESC LIMIT 1')
  return newest
}

/** Only the number of the version in force (0: none): what each process polls. */
export async function publishedVersionNumber(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM site_settings_versions',
  )
  return row?.version ?? 0
}

export async function versionHistory(db: Queryable, limit = 50): Promise<PublishedVersion[]> {
  return selectVersions(db, 'ORDER BY version DESC LIMIT $1', [limit])
}

/** Settings stored by an older server, with what it did not know yet at its defaults. */
function completed(settings: SiteSettings): SiteSettings {
  return syncOwner({ ...defaultSiteSettings(), ...settings }, 'agency') as unknown as SiteSettings
}

/** The draft, or a copy of what is published when nobody has started one. */
export async function readDraft(db: Queryable): Promise<SettingsDraft> {
  const [row] = await db.query<{
    settings: SiteSettings
    base_version: number | null
    updated_by: string
    updated_at: Date | string
  }>('SELECT settings, base_version, updated_by, updated_at FROM site_settings_draft WHERE id = 1')
  if (row) {
    return {
      settings: completed(row.settings),
      baseVersion: row.base_version,
      updatedBy: row.updated_by,
      updatedAt: new Date(row.updated_at),
    }
  }
  const published = await publishedVersion(db)
  return {
    settings: published ? completed(published.settings) : defaultSiteSettings(),
    baseVersion: published?.version ?? null,
    updatedBy: null,
    updatedAt: null,
  }
}

/**
 * A change to the draft: each top-level setting given replaces the draft's, and `agency` is merged
 * one level deep (a new phone keeps the address). Refused whole, with every problem, when the
 * result is not a valid set of settings.
 */
function mergeChange(current: SiteSettings, change: Record<string, unknown>): unknown {
  const merged: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(change)) {
    if (key === 'agency' && value && typeof value === 'object' && !Array.isArray(value)) {
      merged.agency = { ...current.agency, ...(value as object) }
    } else {
      merged[key] = value
    }
  }
  return syncOwner(merged, 'team' in change ? 'team' : 'agency')
}

/**
 * The owner is named twice, as the facts' `agency.owner` and as the team's member marked owner:
 * the one just changed (`from`) is copied to the other, so they never disagree. A document
 * without a team (a version stored before there was one) gets the owner as its team.
 */
function syncOwner(settings: Record<string, unknown>, from: 'team' | 'agency'): Record<string, unknown> {
  const agency = settings.agency as Partial<SiteSettings['agency']> | undefined
  if (!agency?.owner || typeof agency.owner !== 'object') return settings
  const team = Array.isArray(settings.team)
    ? (settings.team as SiteSettings['team'])
    : [{ name: '', title: { en: '', es: '' }, bio: { en: '', es: '' }, photo: null, owner: true }]
  const owner = team.find((member) => member && typeof member === 'object' && member.owner)
  if (!owner) return { ...settings, team }
  if (from === 'team') {
    return { ...settings, team, agency: { ...agency, owner: { name: owner.name, title: owner.title } } }
  }
  return {
    ...settings,
    team: team.map((member) =>
      member === owner ? { ...member, name: agency.owner?.name, title: agency.owner?.title } : member,
    ),
  }
}

/** Problems with the settings' images: each reference must name a stored upload. */
async function uploadProblems(db: Queryable, settings: SiteSettings): Promise<SettingsProblem[]> {
  return (await missingUploads(db, settings)).map((where) => ({
    path: where,
    message:
      'This image was never uploaded here: upload it on the desk (/admin/site) or with POST /api/admin/site/uploads.',
  }))
}

export type DraftChange = { ok: true; draft: SettingsDraft } | { ok: false; problems: SettingsProblem[] }

export async function changeDraft(
  db: Database,
  by: string,
  change: Record<string, unknown>,
): Promise<DraftChange> {
  return db.transaction(async (tx) => {
    // Two owners saving at once: the second waits for the first and changes what it stored, so
    // neither change is lost. A table lock, since the row may not exist yet; a publish takes the
    // same lock (after the versions'), so it never drops a change saved while it ran.
    await lockDraft(tx)
    const draft = await readDraft(tx)
    const checked = checkSiteSettings(mergeChange(draft.settings, change))
    if (!checked.ok) return checked
    const problems = await uploadProblems(tx, checked.settings)
    if (problems.length > 0) return { ok: false, problems }
    await tx.query(
      `INSERT INTO site_settings_draft (id, settings, base_version, updated_by, updated_at)
       VALUES (1, $1, $2, $3, now())
       ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_by = excluded.updated_by,
         updated_at = excluded.updated_at`,
      [JSON.stringify(checked.settings), draft.baseVersion, by],
    )
    return { ok: true, draft: await readDraft(tx) }
  })
}

/** One writer of the draft at a time (reads go on): a change, a publish, a restore. */
async function lockDraft(tx: Queryable): Promise<void> {
  await tx.query('LOCK TABLE site_settings_draft IN SHARE ROW EXCLUSIVE MODE')
}

/** Throws away the draft: the next read starts again from what is published. */
export async function discardDraft(db: Queryable): Promise<void> {
  await db.query('DELETE FROM site_settings_draft WHERE id = 1')
}

export type PublishResult =
  | { ok: true; version: PublishedVersion }
  | { ok: false; problems: SettingsProblem[] }
  | { ok: false; conflict: true }

/** Why a publish or a restore was refused, in the same words on the desk and in the API. */
export interface Refusal {
  status: 400 | 409
  error: string
  /** Each setting that is wrong (a 400). */
  problems?: SettingsProblem[]
}

export function refusalOf(
  result: Exclude<PublishResult, { ok: true }>,
  action: 'publish' | 'restore',
): Refusal {
  if ('conflict' in result) {
    return {
      status: 409,
      error:
        'Another owner published or restored a version since this draft was started: look at the site settings again.',
    }
  }
  return {
    status: 400,
    error:
      action === 'publish'
        ? 'Not published: some settings need correcting.'
        : 'Not restored: that version lacks settings this server requires.',
    problems: result.problems,
  }
}

async function storeVersion(
  tx: Queryable,
  settings: SiteSettings,
  by: string,
  restoredFrom: number | null,
): Promise<PublishedVersion> {
  const [row] = await tx.query<VersionRow>(
    `INSERT INTO site_settings_versions (version, settings, published_by, restored_from)
     SELECT coalesce(max(version), 0) + 1, $1, $2, $3 FROM site_settings_versions
     RETURNING ${versionColumns}`,
    [JSON.stringify(settings), by, restoredFrom],
  )
  if (!row) throw new Error('site settings: the new version was not stored')
  return toVersion(row)
}

/**
 * Publishes the draft as the next version and clears it. Refused when another publish or restore
 * happened since the draft was started (two owners at once): nothing is overwritten unseen.
 */
export async function publishDraft(db: Database, by: string): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    // one publish at a time, on both databases, and no change of the draft while it runs
    await tx.query('LOCK TABLE site_settings_versions IN EXCLUSIVE MODE')
    await lockDraft(tx)
    const draft = await readDraft(tx)
    const current = await publishedVersion(tx)
    if ((current?.version ?? null) !== draft.baseVersion) return { ok: false, conflict: true }
    const checked = checkSiteSettings(draft.settings)
    if (!checked.ok) return checked
    const version = await storeVersion(tx, checked.settings, by, null)
    await tx.query('DELETE FROM site_settings_draft WHERE id = 1')
    await recordStaffAudit(tx, by, 'site-publish', `site version ${version.version}`)
    return { ok: true, version }
  })
}

/** Publishes an old version's settings again, as a new version (the draft is dropped). */
export async function restoreVersion(
  db: Database,
  by: string,
  version: number,
): Promise<PublishResult | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE site_settings_versions IN EXCLUSIVE MODE')
    await lockDraft(tx)
    const [old] = await selectVersions(tx, 'WHERE version = $1', [version])
    if (!old) return undefined
    // checked again: a version stored by an older server may miss what this one requires
    const checked = checkSiteSettings(completed(old.settings))
    if (!checked.ok) return checked
    const stored = await storeVersion(tx, checked.settings, by, version)
    await tx.query('DELETE FROM site_settings_draft WHERE id = 1')
    await recordStaffAudit(tx, by, 'site-restore', `site version ${version} as ${stored.version}`)
    return { ok: true, version: stored }
  })
}
