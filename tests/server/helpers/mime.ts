/**
 * Just enough MIME to read what nodemailer writes (tests only): unfolded headers with RFC 2047
 * encoded words, multipart bodies (nested), quoted-printable and base64 parts. mailparser would do
 * this too, but one of its dependencies is not installable here, and the messages are simple.
 */

export interface ParsedMail {
  /** Header names in lower case; a repeated header keeps every value. */
  headers: Map<string, string[]>
  /** The first header of that name, encoded words decoded. */
  header(name: string): string | undefined
  subject: string
  messageId: string | undefined
  text: string | undefined
  html: string | undefined
  /** The message as received (CRLF or LF line ends). */
  raw: string
}

interface Part {
  headers: Map<string, string[]>
  body: string
}

function splitHeadersAndBody(source: string): Part {
  const normalised = source.replace(/\r\n/g, '\n')
  const end = normalised.indexOf('\n\n')
  const head = end === -1 ? normalised : normalised.slice(0, end)
  const body = end === -1 ? '' : normalised.slice(end + 2)
  const headers = new Map<string, string[]>()
  // Unfold: a line starting with white space continues the previous header.
  const unfolded = head.replace(/\n[ \t]+/g, ' ')
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers.set(name, [...(headers.get(name) ?? []), value])
  }
  return { headers, body }
}

function decodeQuotedPrintableBytes(text: string): Buffer {
  const soft = text.replace(/=\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i]
    const hex = soft.slice(i + 1, i + 3)
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes)
}

/** `=?UTF-8?Q?Jos=C3=A9?= =?UTF-8?B?...?=` → text; white space between encoded words is dropped. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, data: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintableBytes(data.replace(/_/g, ' ')).toString('utf8'),
    )
}

function parameter(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(headerValue)
  return match?.[1]
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintableBytes(part.body).toString('utf8')
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return part.body
}

/** The leaf parts of a message, depth first. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type')?.[0] ?? 'text/plain'
  if (!/^multipart\//i.test(type)) return [part]
  const boundary = parameter(type, 'boundary')
  if (!boundary) return []
  const chunks = part.body.split(`--${boundary}`)
  // chunks[0] is the preamble; the last one starts with '--' (the closing delimiter).
  return chunks
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitHeadersAndBody(chunk.replace(/^\n/, '').replace(/\n$/, ''))))
}

export function parseMail(raw: string): ParsedMail {
  const message = splitHeadersAndBody(raw)
  const parts = leaves(message)
  const ofType = (type: string) =>
    parts.find((part) =>
      (part.headers.get('content-type')?.[0] ?? 'text/plain').toLowerCase().startsWith(type),
    )
  const text = ofType('text/plain')
  const html = ofType('text/html')
  const header = (name: string) => {
    const value = message.headers.get(name.toLowerCase())?.[0]
    return value === undefined ? undefined : decodeEncodedWords(value)
  }
  return {
    headers: message.headers,
    header,
    subject: header('subject') ?? '',
    messageId: header('message-id'),
    text: text && decodeBody(text),
    html: html && decodeBody(html),
    raw,
  }
}
