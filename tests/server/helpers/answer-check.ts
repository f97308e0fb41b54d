/**
 * Every answer of the staff API and of the public forms' JSON posts in the server tests, held to the
 * OpenAPI document (docs/api.md, "OpenAPI"): the test app (test-app.ts) passes each answer here, and an answer whose
 * status the document does not declare for its operation, or whose body is not what the declared
 * schema says, fails the test that got it. So the document a generator reads is checked against
 * every answer the API tests see, not only against the routes' own schemas.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify'
import { openApiDocument } from '#server/admin/routes/openapi-document.ts'

interface Answer {
  content?: Record<string, { schema?: object }>
}
interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>
}

interface Operation {
  method: string
  pattern: RegExp
  /** Path parameters: an operation with fewer wins (`/leads/new-count` before `/leads/{id}`). */
  params: number
  responses: Record<string, Answer>
}

let operations: Promise<{ list: Operation[]; ajv: Ajv2020 }> | undefined

async function load() {
  const document = (await openApiDocument()) as OpenApi
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const list: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/?]+')}(?:\\?.*)?$`)
      list.push({
        method: method.toUpperCase(),
        pattern,
        params: (path.match(/\{/g) ?? []).length,
        responses: operation.responses ?? {},
      })
    }
  }
  list.sort((a, b) => a.params - b.params)
  return { list, ajv }
}

/** Why the answer breaks the document, or undefined when it keeps it (or is no API operation's). */
export async function answerProblem(
  method: string,
  url: string,
  response: Response,
  requestType?: string,
): Promise<string | undefined> {
  // The staff API, and the public forms' JSON posts (a browser's urlencoded post is answered with pages).
  const formPost = url.startsWith('/api/forms/')
  if (!url.startsWith('/api/admin') && !(formPost && !/urlencoded/.test(requestType ?? ''))) return undefined
  operations ??= load()
  const { list, ajv } = await operations
  const operation = list.find((candidate) => candidate.method === method && candidate.pattern.test(url))
  if (!operation) return undefined
  const status = String(response.statusCode)
  const declared = operation.responses[status]
  if (!declared) return `${method} ${url} answered ${status}, which the document does not declare`
  const schema = declared.content?.['application/json']?.schema
  if (!declared.content) {
    return response.body === ''
      ? undefined
      : `${method} ${url} answered ${status} with a body the document does not declare`
  }
  const type = String(response.headers['content-type'] ?? '')
  if (declared.content['text/plain'] && type.startsWith('text/plain')) {
    const text = declared.content['text/plain'].schema as { const?: string } | undefined
    return text?.const === undefined || response.body === text.const
      ? undefined
      : `${method} ${url} answered ${status} with ${JSON.stringify(response.body)}, not ${text.const}`
  }
  if (!type.startsWith('application/json'))
    return `${method} ${url} answered ${status} as ${response.headers['content-type']}, not JSON`
  if (!schema) return undefined
  const validate = ajv.compile(schema)
  if (validate(response.json())) return undefined
  return `${method} ${url} answered ${status} against its schema: ${ajv.errorsText(validate.errors)}`
}

/** The method, URL and body type of an inject call, as light-my-request reads its options. */
export function requestLine(options: InjectOptions | string): { method: string; url: string; type?: string } {
  if (typeof options === 'string') return { method: 'GET', url: options }
  const url = typeof options.url === 'string' ? options.url : (options.path?.toString() ?? '')
  const headers = Object.entries(options.headers ?? {})
  const type = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  return {
    method: (options.method ?? 'GET').toUpperCase(),
    url,
    type: type === undefined ? undefined : String(type),
  }
}
