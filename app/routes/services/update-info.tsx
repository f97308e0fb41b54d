import { updateInfoPage } from '../../../content/pages/update-info.ts'
import { updateInfo } from '../../../forms/definitions/update-info.ts'
import { ContentPageView } from '../../components/content-page.tsx'
import { PageForm } from '../../components/page-form.tsx'
import type { RouteHandle } from '../../root.tsx'
import { useLocalized } from '../../site/i18n.ts'
import { pageMeta } from '../../site/meta.ts'

export const meta = pageMeta(updateInfoPage)
export const handle: RouteHandle = { formIsland: true }

export default function UpdateInfoPage() {
  return (
    <ContentPageView page={useLocalized(updateInfoPage)}>
      <PageForm form={updateInfo} />
    </ContentPageView>
  )
}
