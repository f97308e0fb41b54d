/**
 * A reply a staff member wrote on the desk (server/desk/reply-templates.ts), as the visitor receives
 * it: the text as written, and the same text as HTML paragraphs (escaped by React).
 */
import { htmlDocument } from '../views/html-document.ts'

export function buildReplyMail(reply: { subject: string; body: string }): {
  subject: string
  text: string
  html: string
} {
  const paragraphs = reply.body.split(/\n{2,}/)
  const htmlPart = htmlDocument(
    // biome-ignore lint/a11y/useHtmlLang: the reply is in the language of the template staff chose, which this function is not told
    <html>
      <body style={{ fontFamily: 'Arial,sans-serif', color: '#1c2530' }}>
        {paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the reply's paragraphs in order; two may be the same text
          <p key={index}>
            {paragraph.split('\n').map((line, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph's lines in order; two may be the same text
              <span key={at}>
                {at > 0 && <br />}
                {line}
              </span>
            ))}
          </p>
        ))}
      </body>
    </html>,
  )
  return { subject: reply.subject.replace(/[\r\n]+/g, ' ').slice(0, 200), text: reply.body, html: htmlPart }
}
