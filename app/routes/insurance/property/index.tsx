// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'property' }]

export default function PropertyPage() {
  return <h1>property</h1>
}
