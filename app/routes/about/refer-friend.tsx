import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { referFriendPage } from '#content/pages/refer-friend.ts'
import { newReferral } from '#forms/definitions/new-referral.ts'

export const meta = pageMeta(referFriendPage)
export const handle: RouteHandle = { formIsland: true }

export default function ReferFriendPage() {
  return (
    <ContentPageView page={useLocalized(referFriendPage)}>
      <PageForm form={newReferral} />
    </ContentPageView>
  )
}
