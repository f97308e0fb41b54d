import type { SimpleIcon } from 'simple-icons'

/** A social network's logo from the simple-icons set, with an accessible name. */
export function BrandIcon({ icon, label, size = 18 }: { icon: SimpleIcon; label: string; size?: number }) {
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox="0 0 24 24" fill="currentColor">
      <path d={icon.path} />
    </svg>
  )
}
