/**
 * The images an owner uploads on the desk (/admin/site): the logo, the favicon, the owner's and
 * the team's photos and the carriers' logos. The settings document holds a reference to each
 * (its upload's id, the digest of the stored bytes, its size and its alt text); the server keeps
 * the bytes in the database and derives the responsive files named below
 * (server/site/site-uploads.ts), which the pages link (app/components/site-image.tsx). This file is
 * the contract between the two: it runs in the build and the browser too, so it never touches sharp.
 */

/** What an image is for: its limits and the widths made of it depend on it. */
export type ImageKind = 'logo' | 'favicon' | 'photo' | 'carrier'

export const imageKinds: readonly ImageKind[] = ['logo', 'favicon', 'photo', 'carrier']

/** An uploaded image as the settings refer to it. */
export interface SiteImage {
  /** The upload's random id (site_uploads.id). */
  id: string
  /** SHA-256 of the stored (metadata-stripped) bytes, hex: the variants' file names. */
  digest: string
  kind: ImageKind
  /** The stored image's size in pixels. */
  width: number
  height: number
  /** What the image shows, per language; empty: the page's own words (the name it stands for). */
  alt: { en: string; es: string }
}

/** Where the variants are served from (server/plugins/site-images.ts). */
export const siteImagesPath = '/site-images'

/**
 * The widths made for srcset. Photos as the build makes them (scripts/build-photos.ts: a 240 px
 * portrait, up to 3× screens); the logo and carriers' logos at 1×, 2× and 3× of the width they are
 * shown at; the favicon as the browser's tab icon and the home-screen icon (PNG).
 */
export const imageWidths: Record<ImageKind, readonly number[]> = {
  photo: [240, 480, 720],
  logo: [200, 400, 600],
  carrier: [140, 280, 420],
  favicon: [48, 180],
}

/** The limits an upload of each kind must meet (server/site/site-uploads.ts checks them). */
export const imageLimits: Record<
  ImageKind,
  { minWidth: number; minHeight: number; maxWidth: number; maxHeight: number; square?: boolean }
> = {
  photo: { minWidth: 240, minHeight: 240, maxWidth: 8000, maxHeight: 8000 },
  logo: { minWidth: 200, minHeight: 32, maxWidth: 4000, maxHeight: 4000 },
  carrier: { minWidth: 140, minHeight: 24, maxWidth: 4000, maxHeight: 4000 },
  favicon: { minWidth: 180, minHeight: 180, maxWidth: 2048, maxHeight: 2048, square: true },
}

/** The most bytes an uploaded file may have. */
export const maxUploadBytes = 5 * 1024 * 1024

/** The widths made of `image`: the kind's, never wider than the original (then the original's). */
export function variantWidths(image: Pick<SiteImage, 'kind' | 'width'>): number[] {
  const widths = imageWidths[image.kind].filter((width) => width <= image.width)
  return widths.length > 0 ? widths : [image.width]
}

/** The height of `image` shown `width` pixels wide. */
export function heightAt(image: Pick<SiteImage, 'width' | 'height'>, width: number): number {
  return Math.max(1, Math.round((image.height * width) / image.width))
}

export type VariantFormat = 'avif' | 'webp' | 'png'

/** One variant's file name: `<digest>-<width>.<format>`. */
export function variantFile(digest: string, width: number, format: VariantFormat): string {
  return `${digest}-${width}.${format}`
}

export function variantUrl(image: Pick<SiteImage, 'digest'>, width: number, format: VariantFormat): string {
  return `${siteImagesPath}/${variantFile(image.digest, width, format)}`
}

/** Every variant file of `image`: AVIF and WebP per width; PNG for the favicon (browsers' icons). */
export function variantFiles(image: Pick<SiteImage, 'kind' | 'width' | 'digest'>): {
  file: string
  width: number
  format: VariantFormat
}[] {
  const formats: VariantFormat[] = image.kind === 'favicon' ? ['png'] : ['avif', 'webp']
  return variantWidths(image).flatMap((width) =>
    formats.map((format) => ({ file: variantFile(image.digest, width, format), width, format })),
  )
}
