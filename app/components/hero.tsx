import type { Hero as HeroCopy } from '#content/types.ts'
import { useHref } from '../site/i18n.ts'
import { Icon } from './icon.tsx'

/** A page's hero: its one <h1>, a tagline and the call to action (an anchor on the page or a route). */
export function Hero({ hero }: { hero: HeroCopy }) {
  const href = useHref()
  const target = hero.button?.href.startsWith('#') ? hero.button.href : href(hero.button?.href ?? '/')
  return (
    <div className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          <h1>{hero.title}</h1>
          <p className="hero__tagline">{hero.tagline}</p>
          {hero.button ? (
            <a href={target} className="button button--accent button--large">
              {hero.button.label}
            </a>
          ) : null}
        </div>
        <div className="hero__art" aria-hidden="true">
          <Icon name={hero.illustration} size={120} />
        </div>
      </div>
    </div>
  )
}

/** The page banner: a decorative title strip shown from medium screens up. */
export function Banner({ title }: { title: string }) {
  return (
    <div className="banner">
      <div className="container">
        <p className="banner__title">{title}</p>
      </div>
    </div>
  )
}
