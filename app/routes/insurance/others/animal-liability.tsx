// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'animal-liability' }]

export default function AnimalLiabilityPage() {
  return <h1>animal-liability</h1>
}
