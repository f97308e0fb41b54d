import type { ReactNode } from 'react'
import type { BuiltPhoto, PhotoManifest, PhotoName } from '../site/photos.ts'

// Written by scripts/build-photos.ts before the site is built; absent (no match) before any build.
const manifests = import.meta.glob<PhotoManifest>('../../public/photos/manifest.json', {
  eager: true,
  import: 'default',
})
const builtPhotos: PhotoManifest = Object.values(manifests)[0] ?? {}

/**
 * A photo the agency dropped in content/photos, as AVIF and WebP in every built width, with its
 * proportions on the img so the page does not shift while it loads.
 */
export function ResponsivePhoto({
  photo,
  alt,
  sizes,
  className,
}: {
  photo: BuiltPhoto
  alt: string
  /** The photo's displayed width per layout, e.g. '240px'. */
  sizes: string
  className?: string
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
        loading="lazy"
        decoding="async"
        className={className}
      />
    </picture>
  )
}

/** The agency's photo of `name` when it supplied one; otherwise the illustration given. */
export function AgencyPhoto({
  name,
  alt,
  sizes,
  className,
  illustration,
}: {
  name: PhotoName
  alt: string
  sizes: string
  className?: string
  illustration: ReactNode
}) {
  const photo = builtPhotos[name]
  if (!photo) return <>{illustration}</>
  return <ResponsivePhoto photo={photo} alt={alt} sizes={sizes} {...(className ? { className } : {})} />
}
