// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'services' }]

export default function ServicesPage() {
  return <h1>services</h1>
}
