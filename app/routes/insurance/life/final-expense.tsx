// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'final-expense' }]

export default function FinalExpensePage() {
  return <h1>final-expense</h1>
}
