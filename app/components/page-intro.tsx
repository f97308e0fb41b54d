/** The opening of a page without a hero: its one <h1> and a few paragraphs. */
export function PageIntro({ heading, paragraphs }: { heading: string; paragraphs: readonly string[] }) {
  return (
    <div className="section">
      <div className="container">
        <div className="prose">
          <h1>{heading}</h1>
          {paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </div>
    </div>
  )
}
