// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'workers-compensation' }]

export default function WorkersCompensationPage() {
  return <h1>workers-compensation</h1>
}
