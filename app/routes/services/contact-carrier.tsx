// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'contact-carrier' }]

export default function ContactCarrierPage() {
  return <h1>contact-carrier</h1>
}
