// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'vehicle' }]

export default function VehiclePage() {
  return <h1>vehicle</h1>
}
