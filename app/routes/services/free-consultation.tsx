// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'free-consultation' }]

export default function FreeConsultationPage() {
  return <h1>free-consultation</h1>
}
