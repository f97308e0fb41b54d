import { heightAt, type SiteImage } from '#config/site-images.ts'
import { useLocale } from '../site/i18n.ts'
import { ResponsivePhoto, uploadedPhoto } from './agency-photo.tsx'

/**
 * The header's brand: the logo uploaded on the desk (its alt text, else the agency's short name),
 * or the drawn mark beside the short name.
 */
export function SiteLogo({ logo, name }: { logo: SiteImage | null; name: string }) {
  const locale = useLocale()
  if (logo) {
    return (
      <UploadedLogo
        image={logo}
        alt={logo.alt[locale] || name}
        height={40}
        maxWidth={200}
        className="brand__logo"
        eager
      />
    )
  }
  return (
    <>
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" className="brand__mark">
        <path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7z" fill="currentColor" />
        <path d="M16 9c-3 3-4.5 6-4.5 8.5a4.5 4.5 0 0 0 9 0C20.5 15 19 12 16 9Z" fill="#fff" />
      </svg>
      <span>{name}</span>
    </>
  )
}

/**
 * A logo uploaded on the desk, drawn `height` CSS pixels high (its width follows its proportions,
 * at most `maxWidth`), as AVIF and WebP in every width made, with its size on the img so nothing
 * shifts while it loads.
 */
function UploadedLogo({
  image,
  alt,
  height,
  maxWidth,
  className,
  eager = false,
}: {
  image: SiteImage
  alt: string
  height: number
  maxWidth: number
  className: string
  eager?: boolean
}) {
  const shownWidth = Math.min(maxWidth, Math.round((image.width * height) / image.height))
  const photo = { ...uploadedPhoto(image), width: shownWidth, height: heightAt(image, shownWidth) }
  return (
    <ResponsivePhoto photo={photo} alt={alt} sizes={`${shownWidth}px`} className={className} eager={eager} />
  )
}

/** A carrier's uploaded logo in its tile, named by the carrier (the link or tile says who it is). */
export function CarrierLogo({ image, name }: { image: SiteImage; name: string }) {
  const locale = useLocale()
  return (
    <UploadedLogo
      image={image}
      alt={image.alt[locale] || name}
      height={40}
      maxWidth={140}
      className="carrier-logo"
    />
  )
}
