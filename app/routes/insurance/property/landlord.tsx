// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'landlord' }]

export default function LandlordPage() {
  return <h1>landlord</h1>
}
