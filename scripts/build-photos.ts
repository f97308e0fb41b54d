/**
 * Turns the agency's photos (content/photos/<name>.jpg|jpeg|png|webp) into responsive AVIF and
 * WebP files with sharp, and writes public/photos/manifest.json (its shape: app/site/photos.ts) for
 * the pages (app/components/agency-photo.tsx). Runs before the site build; with no photo it writes
 * an empty manifest and the pages keep their illustrations.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { type PhotoManifest, type PhotoName, type PhotoVariant, photoNames } from '#app/site/photos.ts'

/** Widths made for srcset: a 240 px portrait on a phone, up to 3× screens. */
export const photoWidths = [240, 480, 720] as const

const sourcePattern = /^(owner|office|team)\.(jpe?g|png|webp)$/i

function isPhotoName(name: string): name is PhotoName {
  return photoNames.some((candidate) => candidate === name)
}

/** Builds every photo found in `sourceDir` into `outDir`, served under `urlPrefix`. */
export async function buildPhotos(
  sourceDir: string,
  outDir: string,
  urlPrefix = '/photos',
): Promise<PhotoManifest> {
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const manifest: PhotoManifest = {}
  const files = await readdir(sourceDir).catch(() => [])
  for (const file of files.sort()) {
    const match = sourcePattern.exec(file)
    const name = match?.[1]?.toLowerCase()
    if (!name || !isPhotoName(name) || manifest[name]) continue
    const source = sharp(path.join(sourceDir, file)).rotate()
    const { width = 0, height = 0 } = await source.metadata()
    if (width === 0 || height === 0) continue
    const widths: number[] = photoWidths.filter((candidate) => candidate <= width)
    if (widths.length === 0) widths.push(width)
    const variants: PhotoVariant[] = []
    for (const target of widths) {
      const resized = source.clone().resize({ width: target })
      const base = `${name}-${target}`
      await resized
        .clone()
        .avif({ quality: 55 })
        .toFile(path.join(outDir, `${base}.avif`))
      await resized
        .clone()
        .webp({ quality: 75 })
        .toFile(path.join(outDir, `${base}.webp`))
      variants.push({ width: target, avif: `${urlPrefix}/${base}.avif`, webp: `${urlPrefix}/${base}.webp` })
    }
    const largest = widths.at(-1) ?? width
    manifest[name] = { width: largest, height: Math.round((height * largest) / width), variants }
  }
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

if (import.meta.main) {
  const root = path.join(import.meta.dirname, '..')
  const manifest = await buildPhotos(path.join(root, 'content/photos'), path.join(root, 'public/photos'))
  const built = Object.keys(manifest)
  console.log(
    built.length
      ? `photos: built ${built.join(', ')}`
      : 'photos: none in content/photos (illustrations stay)',
  )
}
