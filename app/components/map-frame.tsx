import { agency } from '../../config/agency.ts'

/** The office map: a lazy frame (the browser loads it only when it nears the screen) with a plain link beside it. */
export function MapFrame({
  title,
  height,
  linkLabel,
}: {
  title: string
  height: 300 | 450
  linkLabel: string
}) {
  return (
    <div className="map-frame">
      <iframe
        src={agency.mapEmbedUrl}
        title={title}
        loading="lazy"
        width="600"
        height={height}
        className={`map-frame__frame map-frame__frame--${height}`}
        referrerPolicy="no-referrer"
      />
      <a href={agency.mapLinkUrl} target="_blank" rel="noopener noreferrer" className="map-frame__link">
        {linkLabel}
      </a>
    </div>
  )
}
