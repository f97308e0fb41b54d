// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'update-info' }]

export default function UpdateInfoPage() {
  return <h1>update-info</h1>
}
