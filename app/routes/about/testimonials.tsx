// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'testimonials' }]

export default function TestimonialsPage() {
  return <h1>testimonials</h1>
}
