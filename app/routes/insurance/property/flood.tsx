// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'flood' }]

export default function FloodPage() {
  return <h1>flood</h1>
}
