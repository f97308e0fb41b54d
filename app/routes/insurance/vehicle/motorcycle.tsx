// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'motorcycle' }]

export default function MotorcyclePage() {
  return <h1>motorcycle</h1>
}
