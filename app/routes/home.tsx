// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'home' }]

export default function HomePage() {
  return <h1>home</h1>
}
