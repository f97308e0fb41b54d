/**
 * The staff API's OpenAPI document (server/admin/openapi.ts): made from the routes' own schemas,
 * it names every /api/admin route the app registers (a route someone adds is in it by itself), is
 * served to signed-in staff only, and the copy in docs/openapi.json is what `npm run openapi`
 * writes today.
 */
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { formDefinitions } from '#forms/registry.ts'
import { openApiFile, openApiText } from '#scripts/openapi.ts'
import { openApiDocument } from '#server/admin/routes/openapi-document.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { injectGet } from './helpers/requests.ts'
import { registeredRoutes } from './helpers/routes.ts'
import { signInThroughPage } from './helpers/staff-session.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const staffEmail = 'openapi@oakridge-insurance.example'
const staffPassword = 'a long staff password for the api'

interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>>
}

/** "METHOD /path" for each operation, with Fastify's `:id` for OpenAPI's `{id}`. */
function operations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  )
}

describe('the committed docs/openapi.json', () => {
  it('is what `npm run openapi` writes from the routes today', async () => {
    // Compared as JSON: the file is laid out by Biome, the generated text by JSON.stringify.
    const committed: unknown = JSON.parse(await readFile(openApiFile, 'utf8'))
    expect(committed).toEqual(JSON.parse(openApiText(await openApiDocument())))
  })
})

describe.each(featureDrivers)('the staff API document on %s', (driver) => {
  const t = useTestApp(driver)
  let cookie: string

  beforeAll(async () => {
    await makeStaff(t.db, staffEmail, { password: staffPassword })
    cookie = await signInThroughPage(t.app, staffEmail, staffPassword)
  })

  it('is refused without a session', async () => {
    const response = await injectGet(t.app, '/api/admin/openapi.json')
    expect(response.statusCode).toBe(401)
  })

  it('lists every /api/admin route the app registers, with the schemas they validate with', async () => {
    const response = await injectGet(t.app, '/api/admin/openapi.json', cookie)
    expect(response.statusCode).toBe(200)
    const document: OpenApiDocument = response.json()
    expect(document.openapi).toMatch(/^3\./)
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.includes(' /api/admin'),
    )
    expect(registered.length).toBeGreaterThan(5)
    const documented = operations(document)
    expect(documented.filter((operation) => operation.includes(' /api/admin')).sort()).toEqual(
      registered.sort(),
    )
    // The public form endpoint, once per form with that form's body (form-post-document.ts).
    expect(documented.filter((operation) => !operation.includes(' /api/admin')).sort()).toEqual(
      formDefinitions.map((form) => `POST /api/forms/${form.key}`).sort(),
    )
    const boat = document.paths['/api/forms/boat-quote']?.post
    expect(JSON.stringify(boat?.requestBody)).toContain('"primaryOperatorName"')
    // The body a route validates is the body the document describes.
    const notes = document.paths['/api/admin/leads/{id}/notes']?.post
    expect(JSON.stringify(notes?.requestBody)).toContain('"note"')
    expect(notes?.parameters?.map((parameter) => parameter.name)).toContain('id')
  })
})
