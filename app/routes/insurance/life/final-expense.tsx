import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { finalExpensePage } from '#content/pages/final-expense.ts'
import { finalExpenseQuote } from '#forms/definitions/final-expense-quote.ts'

export const meta = pageMeta(finalExpensePage)
export const handle: RouteHandle = { formIsland: true }

export default function FinalExpenseInsurancePage() {
  return (
    <ContentPageView page={useLocalized(finalExpensePage)}>
      <PageForm form={finalExpenseQuote} />
    </ContentPageView>
  )
}
