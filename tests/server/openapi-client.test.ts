/**
 * The staff API's OpenAPI document as an integrator's tools read it (docs/api.md, "OpenAPI"):
 * Redocly's recommended rules find nothing in it, and openapi-typescript makes from it a client whose
 * calls of every operation, with their answers used as typed data (never `never`), compile under
 * `tsc --strict`. (Every answer the API tests get is held to the same document by the test app:
 * helpers/answer-check.ts.) No database: the document is made from the routes alone.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createConfig, lint } from '@redocly/openapi-core'
import type { LightMyRequestResponse } from 'fastify'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { openApiFile } from '#scripts/openapi.ts'
import { openApiDocument } from '#server/admin/routes/openapi-document.ts'
import { answerProblem } from './helpers/answer-check.ts'

const root = path.join(import.meta.dirname, '..', '..')

/**
 * A call of each operation, by its operationId, as a sync script writes it with openapi-fetch;
 * each uses its answer's data by type, so an answer the document leaves untyped fails to compile.
 */
const calls: Record<string, string> = {
  getOpenApiDocument: `{ const { data } = await client.GET('/api/admin/openapi.json'); const doc: Record<string, unknown> | undefined = data; use(doc) }`,
  getHealth: `{ const { data } = await client.GET('/api/admin/health'); const waiting: number | undefined = data?.deliveries.waiting; use(waiting) }`,
  getSession: `{ const { data, error } = await client.GET('/api/admin/session'); const until: string | null | undefined = data?.expiresAt; const why: string | undefined = error?.error; use(until, why) }`,
  signOut: `{ const { error, response } = await client.DELETE('/api/admin/session'); const status: number = response.status; const why: string | undefined = error?.error; use(status, why) }`,
  listLeads: `{
    const { data, error } = await client.GET('/api/admin/leads', { params: { query: { updatedSince: '2026-11-24T15:00:00Z', pageSize: 100, status: 'all' } } })
    const cursor: string | null | undefined = data?.nextCursor
    const more: boolean | undefined = data?.hasMore
    const lead = data?.leads[0]
    const line: string | null | undefined = lead?.line
    const changed: string | undefined = lead?.updatedAt
    const email: string | undefined = lead?.fields['email']
    const campaign: string | undefined = lead?.source?.utmCampaign
    const fields: Record<string, string> | undefined = error && 'fields' in error ? error.fields : undefined
    const next = await client.GET('/api/admin/leads', { params: { query: { cursor: cursor ?? '' } } })
    use(more, line, changed, email, campaign, fields, next.data?.leads.length)
  }`,
  getLead: `{ const { data, error } = await client.GET('/api/admin/leads/{id}', { params: { path: { id } } }); const legend: string | undefined = data?.lead.sections[0]?.legend; const why: string | undefined = error?.error; use(legend, why) }`,
  countNewLeads: `{ const { data } = await client.GET('/api/admin/leads/new-count', { params: { query: { since: '2026-11-24T15:00:00.123456Z' } } }); const count: number | undefined = data?.count; const newest: string | null | undefined = data?.newest; use(count, newest) }`,
  updateLead: `{ const { data, error } = await client.PATCH('/api/admin/leads/{id}', { params: { path: { id } }, body: { status: 'lost', lostReason: 'price', followUpAt: null } }); const status: string | undefined = data?.lead.status; const fields: Record<string, string> | undefined = error && 'fields' in error ? error.fields : undefined; use(status, fields) }`,
  logContact: `{ const { data } = await client.POST('/api/admin/leads/{id}/contacts', { params: { path: { id } }, body: { channel: 'call', outcome: 'reached', note: 'Spoke to her.' } }); const first: string | null | undefined = data?.lead.firstContactAt; use(first) }`,
  addNote: `{ const { data } = await client.POST('/api/admin/leads/{id}/notes', { params: { path: { id } }, body: { note: 'Wants a call after 5.' } }); const status: string | undefined = data?.lead.status; use(status) }`,
  revealField: `{ const { data } = await client.POST('/api/admin/leads/{id}/reveal', { params: { path: { id } }, body: { field: 'ssn1' } }); const value: string | undefined = data?.value; use(value) }`,
  getSiteSettings: `{ const { data } = await client.GET('/api/admin/site'); const version: number | null | undefined = data?.version; const by: string | undefined = data?.history[0]?.publishedBy; use(version, by, data?.draft) }`,
  changeSiteSettingsDraft: `{ const { data, error } = await client.PATCH('/api/admin/site', { body: { agency: { phone: '5035550199' } } }); const problems = error && 'problems' in error ? error.problems : undefined; use(data?.draft, problems) }`,
  publishSiteSettings: `{ const { data } = await client.POST('/api/admin/site/publish'); const version: number | undefined = data?.version; use(version) }`,
  restoreSiteSettingsVersion: `{ const { data } = await client.POST('/api/admin/site/versions/{version}/restore', { params: { path: { version: 1 } } }); const from: number | null | undefined = data?.restoredFrom; use(from) }`,
  uploadSiteImage: `{ const { data } = await client.POST('/api/admin/site/uploads', { params: { query: { target: 'logo', altEn: 'Our logo' } } }); const image: Record<string, unknown> | undefined = data?.image; use(image) }`,
  subscribePush: `{ const { data } = await client.POST('/api/admin/push-subscriptions', { body: { endpoint: 'https://push.example/x', keys: { p256dh: 'k', auth: 'a' } } }); const since: string | undefined = data?.createdAt; use(since) }`,
  unsubscribePush: `{ const { response } = await client.DELETE('/api/admin/push-subscriptions', { body: { endpoint: 'https://push.example/x' } }); const status: number = response.status; use(status) }`,
  listWebhooks: `{ const { data } = await client.GET('/api/admin/webhooks'); const events: string[] | undefined = data?.destinations[0]?.events; use(events) }`,
  updateWebhook: `{ const { data, error } = await client.PATCH('/api/admin/webhooks/{id}', { params: { path: { id } }, body: { events: ['lead.received', 'lead.note_added'], enabled: true } }); const url: string | undefined = data?.url; const fields: Record<string, string> | undefined = error && 'fields' in error ? error.fields : undefined; use(url, fields) }`,
  testWebhook: `{ const { data } = await client.POST('/api/admin/webhooks/{id}/test', { params: { path: { id } } }); const code: number | null | undefined = data?.statusCode; const ok: boolean | undefined = data?.ok; use(code, ok) }`,
  rotateWebhookSecret: `{ const { data } = await client.POST('/api/admin/webhooks/{id}/rotate-secret', { params: { path: { id } } }); const secret: string | undefined = data?.secret; const until: string | undefined = data?.previousSecretUntil; use(secret, until) }`,
  listWebhookDeliveries: `{ const { data } = await client.GET('/api/admin/webhooks/{id}/deliveries', { params: { path: { id }, query: { pageSize: 100 } } }); const sequence: number | undefined = data?.deliveries[0]?.sequence; const cursor: string | null | undefined = data?.nextCursor; use(sequence, cursor) }`,
  replayWebhookDelivery: `{ const { data } = await client.POST('/api/admin/webhooks/{id}/deliveries/{deliveryId}/replay', { params: { path: { id, deliveryId: id } } }); const ids: string[] | undefined = data?.replayed; use(ids) }`,
  replayWebhookLead: `{ const { data } = await client.POST('/api/admin/webhooks/{id}/replay', { params: { path: { id } }, body: { leadId: id, since: '2026-11-24T15:00:00Z' } }); const ids: string[] | undefined = data?.replayed; use(ids) }`,
  retryDelivery: `{ const { data } = await client.POST('/api/admin/leads/{id}/retry', { params: { path: { id } }, body: { jobId: id } }); const retried: true | undefined = data?.retried; use(retried) }`,
}

interface BodySchema {
  properties: Record<string, { enum?: string[]; format?: string }>
  required: string[]
}
interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string
        summary?: string
        requestBody?: { content: { 'application/json': { schema: BodySchema } } }
      }
    >
  >
}

/**
 * A lead vendor's post of each form (`/api/forms/<key>`), its body made of the form's required
 * fields as the document types them (an answer of each list; a date; text), its answers used by type.
 */
function formCalls(document: Document): Record<string, string> {
  const calls: Record<string, string> = {}
  for (const [path, methods] of Object.entries(document.paths)) {
    const post = methods.post
    if (!path.startsWith('/api/forms/') || !post?.operationId) continue
    const schema = post.requestBody?.content['application/json'].schema
    const body = Object.fromEntries(
      (schema?.required ?? []).map((name) => {
        const field = schema?.properties[name]
        return [name, field?.enum?.[0] ?? (field?.format === 'date' ? '1990-01-02' : 'x')]
      }),
    )
    calls[post.operationId] =
      `{ const { data, error } = await client.POST('${path}', { body: ${JSON.stringify(body)}, params: { header: { 'Idempotency-Key': 'vendor-1' } } }); const ok: string | undefined = data; const fields: Record<string, string> | undefined = error && 'fields' in error ? error.fields : undefined; use(ok, fields) }`
  }
  return calls
}

describe('the OpenAPI document as generators read it', () => {
  it('passes Redocly’s recommended rules without an error or a warning', async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lint({ ref: openApiFile, config })
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
  })

  it('names both ways in: the session cookie by its production name, and the bearer token', async () => {
    const document = (await openApiDocument()) as { components: { securitySchemes: unknown } }
    expect(document.components.securitySchemes).toEqual({
      staffSession: { type: 'apiKey', in: 'cookie', name: '__Host-staff_session' },
      apiToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    })
  })

  it('gives a client whose calls of every operation compile under tsc --strict', async () => {
    const document = (await openApiDocument()) as Document
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    )
    expect(operationIds.every((id) => typeof id === 'string')).toBe(true)
    // A call for each operation, and only for operations the document has: the staff API's and each form's post.
    const everyCall = { ...calls, ...formCalls(document) }
    expect(Object.keys(everyCall)).toContain('submitBoatQuote')
    expect(Object.keys(everyCall).sort()).toEqual([...operationIds].sort())

    const folder = await mkdtemp(path.join(tmpdir(), 'agency-openapi-client-'))
    try {
      const types = astToString(await openapiTS(JSON.parse(JSON.stringify(document))))
      await writeFile(path.join(folder, 'api.d.ts'), types)
      const client = [
        `import createClient from 'openapi-fetch'`,
        `import type { paths } from './api.d.ts'`,
        `const client = createClient<paths>({ baseUrl: 'https://www.oakridge-insurance.example', headers: { authorization: 'Bearer ort_x' } })`,
        `const id = '0b6c2d1e-0000-4000-8000-000000000000'`,
        `function use(...values: unknown[]): void { void values }`,
        `export async function everyOperation(): Promise<void> {`,
        ...Object.values(everyCall),
        `}`,
        // A wrong body must not compile: the document's bodies are precise, not `any`.
        `export async function wrongBody(): Promise<void> {`,
        `  // @ts-expect-error: no such status`,
        `  await client.PATCH('/api/admin/leads/{id}', { params: { path: { id } }, body: { status: 'pending' } })`,
        `  // @ts-expect-error: a boat quote without its operator's name`,
        `  await client.POST('/api/forms/boat-quote', { body: { firstName: 'Ana' } })`,
        `}`,
      ].join('\n')
      const file = path.join(folder, 'client.ts')
      await writeFile(file, client)
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
        // The temporary folder has no node_modules: openapi-fetch's types from the project's.
        paths: { 'openapi-fetch': [path.join(root, 'node_modules', 'openapi-fetch', 'dist', 'index.d.mts')] },
      })
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      expect(errors).toEqual([])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 60_000)

  it('is what every answer of the API tests is held to: an undeclared status or a body off its schema is named', async () => {
    const answer = (statusCode: number, body: string) =>
      ({
        statusCode,
        body,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        json: () => JSON.parse(body),
      }) as unknown as LightMyRequestResponse
    const poll = '/api/admin/leads/new-count?since=2026-11-24T15:00:00Z'
    expect(await answerProblem('GET', poll, answer(200, '{"count":1,"newest":null}'))).toBeUndefined()
    expect(await answerProblem('GET', poll, answer(200, '{"count":"1","newest":null}'))).toContain(
      'against its schema',
    )
    expect(await answerProblem('GET', poll, answer(404, '{"error":"no"}'))).toContain('does not declare')
    expect(await answerProblem('DELETE', '/api/admin/session', answer(204, '{}'))).toContain(
      'a body the document does not declare',
    )
  })
})
