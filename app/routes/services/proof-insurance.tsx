// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'proof-insurance' }]

export default function ProofInsurancePage() {
  return <h1>proof-insurance</h1>
}
