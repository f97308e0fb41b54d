import { type SimpleIcon, siFacebook, siInstagram, siYoutube } from 'simple-icons'
import { agency } from '#config/agency.ts'
import { shellCopy } from '#content/shell.ts'
import { useLocalized } from '../site/i18n.ts'
import { BrandIcon } from './brand-icon.tsx'

const networks: readonly { key: keyof typeof agency.social; icon: SimpleIcon }[] = [
  { key: 'facebook', icon: siFacebook },
  { key: 'instagram', icon: siInstagram },
  { key: 'youtube', icon: siYoutube },
]

/**
 * The agency's social networks, each opening in a new tab: as logos (header and footer, `iconSize`
 * for the footer's larger ones) or, with `names`, as words (the contact page).
 */
export function SocialLinks({
  className,
  label,
  iconSize,
  names = false,
}: {
  className: string
  /** The list's accessible name, where it needs one. */
  label?: string
  iconSize?: number
  names?: boolean
}) {
  const copy = useLocalized(shellCopy)
  return (
    <ul className={className} aria-label={label}>
      {networks.map(({ key, icon }) => (
        <li key={key}>
          <a href={agency.social[key]} target="_blank" rel="noopener noreferrer">
            {names ? (
              <>
                {copy.social[key]}
                <span className="visually-hidden"> {copy.newTab}</span>
              </>
            ) : (
              <BrandIcon icon={icon} label={`${copy.social[key]} ${copy.newTab}`} size={iconSize} />
            )}
          </a>
        </li>
      ))}
    </ul>
  )
}
