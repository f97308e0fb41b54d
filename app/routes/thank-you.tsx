import { agencyPhone } from '#config/agency-facts.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { thankYouCopy } from '#content/thank-you.ts'
import { useHref, useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'

const thankYouMeta = pageMeta({
  en: { meta: { title: thankYouCopy.en.title, description: thankYouCopy.en.description } },
  es: { meta: { title: thankYouCopy.es.title, description: thankYouCopy.es.description } },
})

export const meta: typeof thankYouMeta = (args) => [
  ...thankYouMeta(args),
  { name: 'robots', content: 'noindex' },
]

/**
 * Prerendered at /thank-you and /es/thank-you, outside the route table (not a page anyone links to
 * or a search engine lists). A form posted without JavaScript is answered 303 here with
 * ?ref=<reference>; the server renders this page's content again with the reference in it
 * (server/no-js, app/no-js/pages.tsx).
 */
export default function ThankYouPage() {
  return <ThankYouContent />
}

export function ThankYouContent({
  reference,
  next,
}: {
  reference?: string | undefined
  /** What happens next for this request (app/no-js/pages.tsx); without it, the general promise. */
  next?: string | undefined
}) {
  const copy = useLocalized(thankYouCopy)
  const { successMessage } = useLocalized(formUiCopy)
  const href = useHref()
  return (
    <div className="section">
      <div className="container prose">
        <h1>{successMessage}</h1>
        <p>
          {`${copy.referenceLabel}: `}
          <strong data-lead-reference="">{reference ?? copy.noReference}</strong>
        </p>
        <h2>{copy.nextHeading}</h2>
        <p>
          {next ?? copy.next} {copy.keepReference}
        </p>
        <p>
          {copy.callPrompt} <a href={agencyPhone.href}>{agencyPhone.display}</a>
        </p>
        <p>
          <a href={href('/')}>{copy.backHome}</a>
        </p>
      </div>
    </div>
  )
}
