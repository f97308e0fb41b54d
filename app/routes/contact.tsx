// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'contact' }]

export default function ContactPage() {
  return <h1>contact</h1>
}
