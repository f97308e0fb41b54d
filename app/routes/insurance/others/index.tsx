// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'others' }]

export default function OthersPage() {
  return <h1>others</h1>
}
