// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'event' }]

export default function EventPage() {
  return <h1>event</h1>
}
