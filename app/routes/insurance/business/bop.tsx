// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'bop' }]

export default function BopPage() {
  return <h1>bop</h1>
}
