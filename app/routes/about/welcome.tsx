// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'about' }]

export default function AboutPage() {
  return <h1>about</h1>
}
