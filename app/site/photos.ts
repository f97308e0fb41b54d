/**
 * The photos the pages can show, and the shape of public/photos/manifest.json that describes them.
 * The pages own this contract: scripts/build-photos.ts writes the manifest to it, and
 * app/components/agency-photo.tsx reads it.
 */

export const photoNames = ['owner', 'office', 'team'] as const
export type PhotoName = (typeof photoNames)[number]

export interface PhotoVariant {
  width: number
  avif: string
  webp: string
}

export interface BuiltPhoto {
  /** The original's proportions at the largest width made: the img's width and height. */
  width: number
  height: number
  variants: PhotoVariant[]
}

export type PhotoManifest = Partial<Record<PhotoName, BuiltPhoto>>
