// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'rv' }]

export default function RvPage() {
  return <h1>rv</h1>
}
