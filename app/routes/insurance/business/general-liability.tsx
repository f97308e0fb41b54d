// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'general-liability' }]

export default function GeneralLiabilityPage() {
  return <h1>general-liability</h1>
}
