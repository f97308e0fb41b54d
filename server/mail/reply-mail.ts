/**
 * A reply a staff member wrote on the desk (server/desk/reply-templates.ts), as the visitor receives
 * it: the text as written, and the same text as HTML paragraphs (escaped by React).
 */
import { html } from '#server/views/html.ts'
import { htmlDocument } from '../views/html-document.ts'

export function buildReplyMail(reply: { subject: string; body: string }): {
  subject: string
  text: string
  html: string
} {
  const paragraphs = reply.body.split(/\n{2,}/)
  const htmlPart = htmlDocument(html`<html>
    <body style=${{ fontFamily: 'Arial,sans-serif', color: '#1c2530' }}>
      ${paragraphs.map(
        (paragraph, index) =>
          html`<p key=${index}>${paragraph.split('\n').map((line, at) => html`<span key=${at}>${at > 0 && html`<br />`}${line}</span>`)}</p>`,
      )}
    </body>
  </html>`)
  return { subject: reply.subject.replace(/[\r\n]+/g, ' ').slice(0, 200), text: reply.body, html: htmlPart }
}
