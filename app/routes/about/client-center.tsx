import { PageIntro } from '#app/components/page-intro.tsx'
import { ThirdPartyFrame } from '#app/components/third-party-frame.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { agency } from '#config/agency.ts'
import { clientCenterPage } from '#content/pages/client-center.ts'

export const meta = pageMeta(clientCenterPage)

/** The login itself belongs to the external portal (docs/contracts.md, "Pages"); this page only frames it. */
export default function ClientCenterPage() {
  const copy = useLocalized(clientCenterPage)
  return (
    <>
      <PageIntro heading={copy.heading} paragraphs={copy.paragraphs} />
      <div className="section section--flush client-portal">
        <div className="container">
          <ThirdPartyFrame src={agency.thirdParty.clientPortalUrl} {...copy.portal} />
        </div>
      </div>
    </>
  )
}
