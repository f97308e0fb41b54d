// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'client-center' }]

export default function ClientCenterPage() {
  return <h1>client-center</h1>
}
