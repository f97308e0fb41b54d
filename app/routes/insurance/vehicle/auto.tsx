// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'auto' }]

export default function AutoPage() {
  return <h1>auto</h1>
}
