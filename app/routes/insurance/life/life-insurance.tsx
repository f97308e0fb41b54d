// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'life-insurance' }]

export default function LifeInsurancePage() {
  return <h1>life-insurance</h1>
}
