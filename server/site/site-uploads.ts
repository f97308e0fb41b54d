/**
 * Images uploaded on the desk for the site (config/site-images.ts). An upload is checked by its
 * content (PNG, JPEG, WebP or AVIF as sharp reads it, whatever its name says; SVG refused), its
 * size and its dimensions; re-encoded without its metadata (EXIF, GPS, XMP, comments), turned
 * upright; and stored in the database (migration 030), so that every process sharing it can make
 * the responsive files of any version into its own DATA_DIR. The variants (AVIF and WebP at the
 * kind's widths, PNG for the favicon) are made with sharp as the build makes its photos
 * (scripts/build-photos.ts), named by the stored bytes' digest, once per process and folder.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Metadata } from 'sharp'
import {
  type ImageKind,
  imageLimits,
  maxUploadBytes,
  type SiteImage,
  type VariantFormat,
  variantFile,
  variantFiles,
} from '#config/site-images.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import type { Queryable } from '#server/db/database.ts'
import { recordStaffAudit } from '#server/staff/staff-accounts.ts'

let sharpModule: Promise<typeof import('sharp')> | undefined

/** sharp (libvips), loaded at its first use: a server that never handles an image never holds it. */
async function imageLibrary(): Promise<typeof import('sharp').default> {
  sharpModule ??= import('sharp')
  return (await sharpModule).default
}

/** The formats accepted, as sharp names them (AVIF is read as 'heif'). */
type StoredFormat = 'jpeg' | 'png' | 'webp' | 'avif'

const kindNames: Record<ImageKind, string> = {
  logo: 'The logo',
  favicon: 'The favicon',
  photo: 'The photo',
  carrier: 'The carrier’s logo',
}

export type UploadCheck =
  | { ok: true; bytes: Buffer; format: StoredFormat; width: number; height: number }
  | { ok: false; reason: string }

/** Whether the bytes look like an SVG (or other XML) document, whatever the file is called. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase()
  return (
    head.startsWith('<svg') || head.startsWith('<?xml') || (head.startsWith('<!') && head.includes('<svg'))
  )
}

/**
 * Checks one uploaded file for `kind` and returns the bytes to store: the same format,
 * re-encoded upright without any metadata. Each refusal says why in the desk's words.
 */
export async function checkUpload(bytes: Buffer, kind: ImageKind): Promise<UploadCheck> {
  const what = kindNames[kind]
  if (bytes.length === 0) return { ok: false, reason: 'No file was chosen: choose an image to upload.' }
  if (bytes.length > maxUploadBytes) {
    return {
      ok: false,
      reason: `The file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: upload an image of at most ${maxUploadBytes / 1024 / 1024} MB.`,
    }
  }
  if (looksLikeSvg(bytes)) {
    return {
      ok: false,
      reason:
        'SVG files are not accepted (they can carry scripts this server cannot safely remove): save the image as PNG or WebP and upload that.',
    }
  }
  let metadata: Metadata
  try {
    metadata = await (await imageLibrary())(bytes, { limitInputPixels: 80_000_000 }).metadata()
  } catch {
    return {
      ok: false,
      reason: 'This file is not an image this site can use: upload a PNG, JPEG, WebP or AVIF file.',
    }
  }
  const format: StoredFormat | undefined =
    metadata.format === 'heif'
      ? metadata.compression === 'av1'
        ? 'avif'
        : undefined
      : metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp'
        ? metadata.format
        : undefined
  if (!format) {
    const named = metadata.format === 'heif' ? 'HEIC' : String(metadata.format).toUpperCase()
    return { ok: false, reason: `This is a ${named} image: upload a PNG, JPEG, WebP or AVIF file.` }
  }
  if ((metadata.pages ?? 1) > 1) {
    return {
      ok: false,
      reason: 'Animated images are not accepted: upload a still PNG, JPEG, WebP or AVIF file.',
    }
  }
  // The size as shown: a photo turned by its EXIF orientation has its sides swapped.
  const turned = (metadata.orientation ?? 1) >= 5
  const width = (turned ? metadata.height : metadata.width) ?? 0
  const height = (turned ? metadata.width : metadata.height) ?? 0
  const limits = imageLimits[kind]
  if (width < limits.minWidth || height < limits.minHeight) {
    return {
      ok: false,
      reason: `${what} is ${width} × ${height} pixels: it must be at least ${limits.minWidth} × ${limits.minHeight}, or it looks blurred.`,
    }
  }
  if (width > limits.maxWidth || height > limits.maxHeight) {
    return {
      ok: false,
      reason: `${what} is ${width} × ${height} pixels: it may be at most ${limits.maxWidth} × ${limits.maxHeight}. Make it smaller and upload it again.`,
    }
  }
  if (limits.square && Math.abs(width - height) > Math.max(2, width * 0.02)) {
    return { ok: false, reason: `${what} is ${width} × ${height} pixels: it must be square.` }
  }
  try {
    // rotate() turns it upright; without withMetadata() sharp writes no EXIF, GPS, XMP or ICC.
    const upright = (await imageLibrary())(bytes, { limitInputPixels: 80_000_000 }).rotate()
    const encoded =
      format === 'jpeg'
        ? upright.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? upright.png({ compressionLevel: 9 })
          : format === 'webp'
            ? upright.webp({ quality: 90 })
            : upright.avif({ quality: 70 })
    const stored = await encoded.toBuffer({ resolveWithObject: true })
    return { ok: true, bytes: stored.data, format, width: stored.info.width, height: stored.info.height }
  } catch {
    return {
      ok: false,
      reason: 'This image is damaged and could not be read whole: export it again and upload that.',
    }
  }
}

/** Stores a checked upload; the reference the settings keep (its alt text still to be written). */
export async function storeUpload(
  db: Queryable,
  by: string,
  kind: ImageKind,
  checked: Extract<UploadCheck, { ok: true }>,
  alt: SiteImage['alt'] = { en: '', es: '' },
): Promise<SiteImage> {
  const id = randomBytes(16).toString('base64url')
  const digest = createHash('sha256').update(checked.bytes).digest('hex')
  await db.query(
    `INSERT INTO site_uploads (id, digest, kind, format, width, height, bytes, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, digest, kind, checked.format, checked.width, checked.height, checked.bytes, by],
  )
  await recordStaffAudit(db, by, 'site-upload', `${kind} ${id}`)
  return { id, digest, kind, width: checked.width, height: checked.height, alt }
}

/** Every image the settings refer to, with where it is used ('logo', 'carriers.3.logo'). */
export function imagesOf(settings: SiteSettings): { where: string; image: SiteImage }[] {
  const found: { where: string; image: SiteImage }[] = []
  if (settings.logo) found.push({ where: 'logo', image: settings.logo })
  if (settings.favicon) found.push({ where: 'favicon', image: settings.favicon })
  ;(settings.team ?? []).forEach((member, index) => {
    if (member.photo) found.push({ where: `team.${index}.photo`, image: member.photo })
  })
  settings.carriers.forEach((carrier, index) => {
    if (carrier.logo) found.push({ where: `carriers.${index}.logo`, image: carrier.logo })
  })
  return found
}

/** The settings' references that name no stored upload (or not with that digest). */
export async function missingUploads(db: Queryable, settings: SiteSettings): Promise<string[]> {
  const images = imagesOf(settings)
  if (images.length === 0) return []
  const rows = await db.query<{ id: string; digest: string; kind: string }>(
    'SELECT id, digest, kind FROM site_uploads WHERE id = ANY($1::text[])',
    [images.map(({ image }) => image.id)],
  )
  const stored = new Map(rows.map((row) => [row.id, row]))
  return images
    .filter(({ image }) => {
      const row = stored.get(image.id)
      return !row || row.digest !== image.digest || row.kind !== image.kind
    })
    .map(({ where }) => where)
}

async function storedBytes(db: Queryable, digest: string): Promise<Buffer | undefined> {
  const [row] = await db.query<{ bytes: Uint8Array }>(
    'SELECT bytes FROM site_uploads WHERE digest = $1 LIMIT 1',
    [digest],
  )
  return row ? Buffer.from(row.bytes) : undefined
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  await writeFile(temporary, bytes)
  await rename(temporary, file)
}

/** One variant of stored bytes: `width` wide, in `format`, without metadata. */
async function makeVariant(bytes: Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  const resized = (await imageLibrary())(bytes).resize({ width })
  // the same encoder settings as the build's photos (scripts/build-photos.ts)
  if (format === 'avif') return resized.avif({ quality: 55 }).toBuffer()
  if (format === 'webp') return resized.webp({ quality: 75 }).toBuffer()
  return resized.png({ compressionLevel: 9 }).toBuffer()
}

/**
 * Makes the variants of `images` that `dir` does not have yet, from the bytes in the database.
 * Any process may call it for any version: the files are named by content, so a variant once made
 * is right for every version that shows the same image.
 */
export async function ensureVariants(
  db: Queryable,
  dir: string,
  images: readonly SiteImage[],
): Promise<void> {
  await mkdir(dir, { recursive: true })
  for (const image of images) {
    const wanted = variantFiles(image).filter(({ file }) => !existsSync(path.join(dir, file)))
    if (wanted.length === 0) continue
    const bytes = await storedBytes(db, image.digest)
    if (!bytes) throw new Error(`site uploads: no stored image ${image.id} (${image.digest})`)
    for (const variant of wanted) {
      await writeAtomically(
        path.join(dir, variant.file),
        await makeVariant(bytes, variant.width, variant.format),
      )
    }
  }
}

/**
 * The variant a request names (`<digest>-<width>.<format>`), made now if this process has not made
 * it yet (another process's publish, or a draft's preview); undefined when no upload has that digest
 * or the upload has no such variant.
 */
export async function variantOnDemand(db: Queryable, dir: string, file: string): Promise<string | undefined> {
  const match = /^([0-9a-f]{64})-(\d{1,5})\.(avif|webp|png)$/.exec(file)
  if (!match) return undefined
  const full = path.join(dir, file)
  if (existsSync(full)) return full
  const [, digest = '', width = '', format = ''] = match
  const [row] = await db.query<{ kind: ImageKind; width: number; height: number }>(
    'SELECT kind, width, height FROM site_uploads WHERE digest = $1 LIMIT 1',
    [digest],
  )
  if (!row) return undefined
  const variant = variantFiles({ kind: row.kind, width: row.width, digest }).find(
    (candidate) => candidate.file === variantFile(digest, Number(width), format as VariantFormat),
  )
  if (!variant) return undefined
  const bytes = await storedBytes(db, digest)
  if (!bytes) return undefined
  await mkdir(dir, { recursive: true })
  await writeAtomically(full, await makeVariant(bytes, variant.width, variant.format))
  return full
}

/** What an image target of the desk's upload form is ('logo', 'team:2', 'carrier:5'). */
export function imageKindOf(target: string): ImageKind | undefined {
  if (target === 'logo' || target === 'favicon') return target
  if (/^team:\d{1,3}$/.test(target)) return 'photo'
  if (/^carrier:\d{1,3}$/.test(target)) return 'carrier'
  return undefined
}

/** The change that puts `image` (null: none) at `target` of the draft, or undefined for no such place. */
export function imageChange(
  settings: SiteSettings,
  target: string,
  image: SiteImage | null,
): Record<string, unknown> | undefined {
  if (target === 'logo') return { logo: image }
  if (target === 'favicon') return { favicon: image }
  const [place, at] = target.split(':')
  const index = Number(at)
  if (place === 'team' && settings.team[index]) {
    return { team: settings.team.map((member, i) => (i === index ? { ...member, photo: image } : member)) }
  }
  if (place === 'carrier' && settings.carriers[index]) {
    return {
      carriers: settings.carriers.map((carrier, i) => {
        if (i !== index) return carrier
        const { logo: _old, ...rest } = carrier
        return image ? { ...rest, logo: image } : rest
      }),
    }
  }
  return undefined
}
