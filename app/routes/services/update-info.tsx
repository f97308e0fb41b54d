import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { updateInfoPage } from '#content/pages/update-info.ts'
import { updateInfo } from '#forms/definitions/update-info.ts'

export const meta = pageMeta(updateInfoPage)
export const handle: RouteHandle = { formIsland: true }

export default function UpdateInfoPage() {
  return (
    <ContentPageView page={useLocalized(updateInfoPage)}>
      <PageForm form={updateInfo} />
    </ContentPageView>
  )
}
