import { wallClock } from '#config/agency-facts.ts'
import { brandColour, defaultBrandColour, noticeOn } from '#config/site-settings.ts'
import type { Locale } from '../site/route-table.ts'

/**
 * The desk's notice (holiday hours, a closure) above every page's header, for the days an owner
 * chose. Pages are rendered when settings are published and again each day a notice starts or
 * ends (server/site/settings-watcher.ts), so "today" is the office's date at rendering.
 */
export function SiteNotice({ locale }: { locale: Locale }) {
  const notice = noticeOn(wallClock(Date.now()).date)
  if (!notice) return null
  return (
    <p className="site-notice" role="note">
      {notice.text[locale]}
    </p>
  )
}

/**
 * The brand colour an owner chose, over the stylesheet's (app/styles/site.css): the darker and the
 * lighter shades are mixed from it. Nothing when it is the stylesheet's own.
 */
export function BrandColour() {
  const colour = brandColour()
  if (colour === defaultBrandColour) return null
  const css = `:root{--green-800:${colour};--green-700:${colour};--green-900:color-mix(in srgb,${colour} 75%,#000);--green-50:color-mix(in srgb,${colour} 6%,#fff)}`
  return <style>{css}</style>
}
