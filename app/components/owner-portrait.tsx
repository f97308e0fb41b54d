import { useId } from 'react'

/**
 * An illustrated stand-in for the owner's photo until the agency supplies one. Fixed width and
 * height keep the layout from shifting; the label names who it shows.
 */
export function OwnerPortrait({ label, size = 240 }: { label: string; size?: number }) {
  // React's ids hold characters a url(#…) reference would need escaped
  const clipId = `owner-portrait-${useId().replace(/[^\w-]/g, '')}`
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox="0 0 240 240"
      className="owner-portrait"
    >
      <circle cx="120" cy="120" r="120" fill="#dcebe0" />
      <circle cx="190" cy="58" r="18" fill="#f4c06a" opacity="0.8" />
      <clipPath id={clipId}>
        <circle cx="120" cy="120" r="120" />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>
        <path d="M70 102c0-36 22-58 50-58s50 22 50 58v62H70Z" fill="#3b2a20" />
        <path d="M40 240c4-44 36-70 80-70s76 26 80 70Z" fill="#14532d" />
        <path d="M100 170h40l-20 34Z" fill="#f0f7f2" />
        <rect x="106" y="140" width="28" height="34" rx="10" fill="#c98b64" />
        <ellipse cx="120" cy="112" rx="34" ry="40" fill="#d9a07a" />
        <path
          d="M84 108c4-30 22-44 42-42 18 2 30 16 30 36-18-4-34-14-42-26-6 14-16 24-30 32Z"
          fill="#3b2a20"
        />
        <circle cx="107" cy="116" r="3.5" fill="#2a1d15" />
        <circle cx="133" cy="116" r="3.5" fill="#2a1d15" />
        <path d="M108 134c7 6 17 6 24 0" stroke="#8a4b32" strokeWidth="3" strokeLinecap="round" fill="none" />
      </g>
    </svg>
  )
}
