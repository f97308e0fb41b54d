import { shellCopy } from '#content/shell.ts'
import type { ThirdPartyFrameCopy } from '#content/types.ts'
import { useLocalized } from '../site/i18n.ts'

/**
 * A third-party page (a live quoting tool) in a lazy frame, with a plain link that opens the
 * same page in a new tab for visitors whose browser blocks or cannot show the frame. It renders
 * the content of a section; the page's section supplies the id and heading.
 */
export function ThirdPartyFrame({
  src,
  title,
  fallbackIntro,
  fallbackLabel,
  fallbackAfter,
}: ThirdPartyFrameCopy & { src: string }) {
  const { newTab } = useLocalized(shellCopy)
  return (
    <>
      <div className="third-party-frame">
        {/* No src until the frame is on screen: the enhance script sets it then, so a third party is
            never contacted for a frame the visitor has not reached (the link below needs no script). */}
        <iframe data-src={src} title={title} loading="lazy" width="800" height="900" />
      </div>
      <p className="third-party-frame__fallback">
        {fallbackIntro}{' '}
        <a href={src} target="_blank" rel="noopener noreferrer">
          {fallbackLabel}
          <span className="visually-hidden"> {newTab}</span>
        </a>
        {fallbackAfter ? ` ${fallbackAfter}` : null}
      </p>
    </>
  )
}
