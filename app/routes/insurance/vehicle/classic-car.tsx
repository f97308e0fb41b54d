// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'classic-car' }]

export default function ClassicCarPage() {
  return <h1>classic-car</h1>
}
