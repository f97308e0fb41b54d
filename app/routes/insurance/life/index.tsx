// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'life' }]

export default function LifePage() {
  return <h1>life</h1>
}
