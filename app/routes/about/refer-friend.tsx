import { referFriendPage } from '../../../content/pages/refer-friend.ts'
import { newReferral } from '../../../forms/definitions/new-referral.ts'
import { ContentPageView } from '../../components/content-page.tsx'
import { PageForm } from '../../components/page-form.tsx'
import type { RouteHandle } from '../../root.tsx'
import { useLocalized } from '../../site/i18n.ts'
import { pageMeta } from '../../site/meta.ts'

export const meta = pageMeta(referFriendPage)
export const handle: RouteHandle = { formIsland: true }

export default function ReferFriendPage() {
  return (
    <ContentPageView page={useLocalized(referFriendPage)}>
      <PageForm form={newReferral} />
    </ContentPageView>
  )
}
