import { getAQuotePage } from '../../content/pages/get-a-quote.ts'
import { quoteRequest } from '../../forms/definitions/quote-request.ts'
import { ContentPageView } from '../components/content-page.tsx'
import { Banner } from '../components/hero.tsx'
import { PageForm } from '../components/page-form.tsx'
import type { RouteHandle } from '../root.tsx'
import { useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'

export const meta = pageMeta(getAQuotePage)
export const handle: RouteHandle = { formIsland: true }

export default function GetAQuotePage() {
  const copy = useLocalized(getAQuotePage)
  return (
    <>
      <Banner title={copy.banner} />
      <ContentPageView page={copy}>
        <PageForm form={quoteRequest} />
      </ContentPageView>
    </>
  )
}
