import { agency } from '../../../../config/agency.ts'
import { autoPage } from '../../../../content/pages/auto.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { ThirdPartyFrame } from '../../../components/third-party-frame.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(autoPage)

/** No form of its own and no JavaScript: the quote section holds the live quoting frame. */
export default function AutoInsurancePage() {
  const page = useLocalized(autoPage)
  return (
    <ContentPageView page={page}>
      <ThirdPartyFrame src={agency.thirdParty.autoQuoteUrl} {...page.frame} />
    </ContentPageView>
  )
}
