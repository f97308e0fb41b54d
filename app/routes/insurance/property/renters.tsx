// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'renters' }]

export default function RentersPage() {
  return <h1>renters</h1>
}
