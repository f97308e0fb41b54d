import { finalExpensePage } from '../../../../content/pages/final-expense.ts'
import { finalExpenseQuote } from '../../../../forms/definitions/final-expense-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(finalExpensePage)
export const handle: RouteHandle = { formIsland: true }

export default function FinalExpenseInsurancePage() {
  return (
    <ContentPageView page={useLocalized(finalExpensePage)}>
      <PageForm form={finalExpenseQuote} />
    </ContentPageView>
  )
}
