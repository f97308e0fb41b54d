// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'get-a-quote' }]

export default function GetAQuotePage() {
  return <h1>get-a-quote</h1>
}
