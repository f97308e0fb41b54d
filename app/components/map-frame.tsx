import { MapPin } from 'lucide-react'
import { agency } from '#config/agency.ts'
import { shellCopy } from '#content/shell.ts'
import { useLocalized } from '../site/i18n.ts'

/**
 * The office map as a click-to-load facade: nothing is fetched from the map provider until the
 * visitor asks (the inline enhance script swaps the button for the titled frame), so no page
 * loads a third party by itself; the plain link works without any script. The box keeps the
 * frame's height, so loading it shifts nothing.
 */
export function MapFrame({
  title,
  height,
  linkLabel,
}: {
  title: string
  height: 300 | 450
  linkLabel: string
}) {
  const copy = useLocalized(shellCopy).footer
  return (
    <div className="map-frame">
      <div className={`map-frame__box map-frame__frame--${height}`} data-map-box="">
        <button
          type="button"
          className="button button--ghost map-frame__show"
          data-map-src={agency.mapEmbedUrl}
          data-map-title={title}
          data-map-height={height}
        >
          <MapPin aria-hidden="true" width={20} height={20} />
          {copy.mapShow}
        </button>
        <p className="map-frame__notice">{copy.mapNotice}</p>
      </div>
      <a href={agency.mapLinkUrl} target="_blank" rel="noopener noreferrer" className="map-frame__link">
        {linkLabel}
      </a>
    </div>
  )
}
