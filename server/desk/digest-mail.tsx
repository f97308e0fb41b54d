/**
 * The morning digest's HTML part (morning-digest.ts composes the day's lists and the text part):
 * a warning and the paused webhooks first when there are any, then each list with its first leads
 * as links to the desk.
 */
import { renderToStaticMarkup } from 'react-dom/server'

interface DigestSection {
  title: string
  /** How many leads the list has; `shown` are the first of them. */
  count: number
  shown: { url: string; line: string }[]
}

interface DigestPage {
  warning: string | undefined
  dayName: string
  pausedLine: string | undefined
  sections: DigestSection[]
  deskUrl: string
}

function Section({ title, count, shown }: DigestSection) {
  const more = count - shown.length
  return (
    <>
      <h2>
        {title} ({count})
      </h2>
      {count === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {shown.map((lead) => (
            <li key={lead.url}>
              <a href={lead.url}>{lead.line}</a>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p>…and {more} more in the desk.</p>}
    </>
  )
}

export function digestHtml({ warning, dayName, pausedLine, sections, deskUrl }: DigestPage): string {
  return renderToStaticMarkup(
    <>
      {warning && (
        <p>
          <strong>{warning}</strong>
        </p>
      )}
      <p>Good morning. The lead desk on {dayName}:</p>
      {pausedLine && (
        <p>
          <strong>{pausedLine}</strong>
        </p>
      )}
      {sections.map((section) => (
        <Section key={section.title} {...section} />
      ))}
      <p>
        <a href={`${deskUrl}/admin`}>Open the lead desk</a>
      </p>
    </>,
  )
}
