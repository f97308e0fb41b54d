// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'insurance' }]

export default function InsurancePage() {
  return <h1>insurance</h1>
}
