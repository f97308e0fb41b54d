import { type ShellCopy, shellCopy } from '#content/shell.ts'
import { mainNav } from '../components/site-header.tsx'
import { useHref, useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'

const notFoundMetaOf = ({ notFound }: ShellCopy) => ({
  meta: { title: notFound.title, description: notFound.description },
})

const notFoundMeta = { en: notFoundMetaOf(shellCopy.en), es: notFoundMetaOf(shellCopy.es) }

export const meta = pageMeta(notFoundMeta)

/** Prerendered at /404; the server sends it with status 404 for every unknown path. */
export default function NotFoundPage() {
  const copy = useLocalized(shellCopy)
  const href = useHref()
  return (
    <div className="section">
      <div className="container prose">
        <h1>{copy.notFound.heading}</h1>
        <p>{copy.notFound.text}</p>
        <ul>
          {mainNav.map((link) => (
            <li key={link.key}>
              <a href={href(link.path)}>{copy.nav[link.key]}</a>
            </li>
          ))}
          <li>
            <a href={href('/get-a-quote')}>{copy.getAQuote}</a>
          </li>
        </ul>
      </div>
    </div>
  )
}
