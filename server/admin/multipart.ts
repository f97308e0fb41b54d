/**
 * A small multipart/form-data reader for the desk's one upload form (/admin/site/uploads): no
 * multipart plugin is installed (docs/decisions/034-site-settings.md). The body is already whole
 * and within the route's body limit when it gets here; each part's headers are read for its name
 * and file name, its bytes kept as they are.
 */

interface MultipartFile {
  filename: string
  contentType: string
  data: Buffer
}

export interface MultipartBody {
  fields: Record<string, string>
  files: Record<string, MultipartFile>
}

/** The boundary of a multipart/form-data Content-Type, or undefined when it has none. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '')
  return match ? (match[1] ?? match[2]) : undefined
}

function headerParameter(header: string, name: string): string | undefined {
  const match =
    new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(header) ??
    new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header)
  return match?.[1]
}

/** Splits `body` into its fields and files; throws on a body that is not multipart with `boundary`. */
export function parseMultipart(body: Buffer, boundary: string): MultipartBody {
  const delimiter = Buffer.from(`--${boundary}`)
  const fields: Record<string, string> = {}
  const files: Record<string, MultipartFile> = {}
  let position = body.indexOf(delimiter)
  if (position === -1) throw new Error('multipart: no boundary in the body')
  for (;;) {
    position += delimiter.length
    // the closing delimiter: `--boundary--`
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break
    // each part starts after the delimiter's line break
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2
    const headersEnd = body.indexOf('\r\n\r\n', position)
    if (headersEnd === -1) throw new Error('multipart: a part without headers')
    const headers = body.subarray(position, headersEnd).toString('utf8').split('\r\n')
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4)
    if (next === -1) throw new Error('multipart: a part without its end')
    const data = body.subarray(headersEnd + 4, next)
    const disposition = headers.find((line) => /^content-disposition:/i.test(line)) ?? ''
    const type = headers.find((line) => /^content-type:/i.test(line))
    const name = headerParameter(disposition, 'name')
    const filename = headerParameter(disposition, 'filename')
    if (name !== undefined && !Object.hasOwn(fields, name) && !Object.hasOwn(files, name)) {
      if (filename !== undefined) {
        files[name] = {
          filename,
          contentType: type ? type.slice(type.indexOf(':') + 1).trim() : 'application/octet-stream',
          data: Buffer.from(data),
        }
      } else {
        fields[name] = data.toString('utf8')
      }
    }
    position = next + 2
  }
  return { fields, files }
}
