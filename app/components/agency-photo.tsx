import type { ReactNode } from 'react'
import { heightAt, type SiteImage, variantUrl, variantWidths } from '#config/site-images.ts'
import type { BuiltPhoto, PhotoManifest, PhotoName } from '../site/photos.ts'

// Written by scripts/build-photos.ts before the site is built; absent (no match) before any build.
const manifests = import.meta.glob<PhotoManifest>('../../public/photos/manifest.json', {
  eager: true,
  import: 'default',
})
const builtPhotos: PhotoManifest = Object.values(manifests)[0] ?? {}

/** An image uploaded on the desk (config/site-images.ts), as the pages draw a built photo. */
export function uploadedPhoto(image: SiteImage): BuiltPhoto {
  const widths = variantWidths(image)
  const largest = widths.at(-1) ?? image.width
  return {
    width: largest,
    height: heightAt(image, largest),
    variants: widths.map((width) => ({
      width,
      avif: variantUrl(image, width, 'avif'),
      webp: variantUrl(image, width, 'webp'),
    })),
  }
}

/**
 * A photo the agency dropped in content/photos (or uploaded on the desk), as AVIF and WebP in every built width, with its
 * proportions on the img so the page does not shift while it loads.
 */
export function ResponsivePhoto({
  photo,
  alt,
  sizes,
  className,
  eager = false,
}: {
  photo: BuiltPhoto
  alt: string
  /** The photo's displayed width per layout, e.g. '240px'. */
  sizes: string
  className?: string
  /** Above the fold (the header's logo): loaded with the page, not when scrolled to. */
  eager?: boolean
}) {
  const srcset = (format: 'avif' | 'webp') =>
    photo.variants.map((variant) => `${variant[format]} ${variant.width}w`).join(', ')
  const fallback = photo.variants[0]
  return (
    <picture>
      <source type="image/avif" srcSet={srcset('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcset('webp')} sizes={sizes} />
      <img
        src={fallback?.webp}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={className}
      />
    </picture>
  )
}

/**
 * The agency's photo of `name`: the one uploaded on the desk (`uploaded`), else the one the build
 * made from content/photos, else the illustration given.
 */
export function AgencyPhoto({
  name,
  alt,
  sizes,
  className,
  illustration,
  uploaded,
}: {
  name: PhotoName
  alt: string
  sizes: string
  className?: string
  illustration: ReactNode
  uploaded?: SiteImage | null
}) {
  const photo = uploaded ? uploadedPhoto(uploaded) : builtPhotos[name]
  if (!photo) return <>{illustration}</>
  return <ResponsivePhoto photo={photo} alt={alt} sizes={sizes} {...(className ? { className } : {})} />
}
