// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'atv' }]

export default function AtvPage() {
  return <h1>atv</h1>
}
