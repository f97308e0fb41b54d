import { privacyPage } from '#content/pages/privacy.ts'
import { Blocks } from '../components/blocks.tsx'
import { PageIntro } from '../components/page-intro.tsx'
import { useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'

export const meta = pageMeta(privacyPage)

/** The privacy notice (/privacy, /es/privacy): linked from every page's footer. */
export default function PrivacyPage() {
  const copy = useLocalized(privacyPage)
  return (
    <>
      <PageIntro heading={copy.heading} paragraphs={copy.intro} />
      <div className="privacy-notice">
        <Blocks blocks={copy.blocks} idPrefix="privacy" />
      </div>
    </>
  )
}
