// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'home-insurance' }]

export default function HomeInsurancePage() {
  return <h1>home-insurance</h1>
}
