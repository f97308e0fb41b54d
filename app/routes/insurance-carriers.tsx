// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'insurance-carriers' }]

export default function InsuranceCarriersPage() {
  return <h1>insurance-carriers</h1>
}
