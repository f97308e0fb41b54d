// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'umbrella' }]

export default function UmbrellaPage() {
  return <h1>umbrella</h1>
}
