import { carriers } from '#config/carriers.ts'
import { insuranceCarriersPage } from '#content/pages/insurance-carriers.ts'
import { shellCopy } from '#content/shell.ts'
import { CarrierLink } from '../components/carrier-wordmark.tsx'
import { PageIntro } from '../components/page-intro.tsx'
import { useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'

export const meta = pageMeta(insuranceCarriersPage)

export default function InsuranceCarriersPage() {
  const copy = useLocalized(insuranceCarriersPage)
  const shell = useLocalized(shellCopy)
  return (
    <>
      <PageIntro heading={copy.heading} paragraphs={copy.paragraphs} />
      <section className="section section--tinted" aria-label={copy.gridLabel}>
        <div className="container">
          <ul className="carrier-grid">
            {carriers.map((carrier) => (
              <li key={carrier.name}>
                <CarrierLink
                  carrier={carrier}
                  newTabLabel={shell.newTab}
                  className="carrier-tile carrier-tile--link"
                />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
