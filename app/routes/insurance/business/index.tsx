// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'business' }]

export default function BusinessPage() {
  return <h1>business</h1>
}
