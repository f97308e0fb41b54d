import { agency } from '../../../../config/agency.ts'
import { homeInsurancePage } from '../../../../content/pages/home-insurance.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { ThirdPartyFrame } from '../../../components/third-party-frame.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(homeInsurancePage)

/** No form of its own and no JavaScript: the quote section holds the live quoting frame. */
export default function HomeInsurancePage() {
  const page = useLocalized(homeInsurancePage)
  return (
    <ContentPageView page={page}>
      <ThirdPartyFrame src={agency.thirdParty.homeQuoteUrl} {...page.frame} />
    </ContentPageView>
  )
}
