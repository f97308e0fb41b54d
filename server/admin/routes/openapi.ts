/**
 * The OpenAPI document of the staff API (/api/admin/*), made by @fastify/swagger from the zod
 * schemas the routes validate with (turned into JSON Schema by fastify-type-provider-zod), so it
 * cannot drift from what they accept. Registered at the
 * top of the API's plugin (api-routes.ts): every route added there after it, by anyone, is in the
 * document without more work. Served to signed-in staff at GET /api/admin/openapi.json and kept
 * in docs/openapi.json (`npm run openapi`; docs/api.md, "OpenAPI").
 */
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { agency } from '#config/agency.ts'
import { formPostPaths } from '../../routes/form-post-document.ts'

export const openApiPath = '/api/admin/openapi.json'

/** What the document says of the API as a whole; the paths come from the routes. */
function openapi(cookieSecure: boolean): FastifyDynamicSwaggerOptions['openapi'] {
  // The session cookie by the name this server gives it (admin-auth.ts): `__Host-` over https.
  const cookieName = cookieSecure ? '__Host-staff_session' : 'staff_session'
  return {
    openapi: '3.1.0',
    // The agency's site; a copy of the server elsewhere (development: http://127.0.0.1:3000) has
    // the same paths.
    servers: [{ url: agency.siteUrl, description: 'The agency’s site' }],
    info: {
      title: 'Lead desk staff API',
      version: '1.0.0',
      // The agency's own API, for its own tools: no open licence.
      license: { name: 'Proprietary', url: agency.siteUrl },
      description: `The lead desk API for the agency’s other tools: leads, their work (status, assignee, contacts, notes, follow-ups), reveals of sensitive values and health, and the public forms a lead vendor posts to (\`/api/forms/…\`: no credential, or a token with \`leads:create\`). Every staff route takes a staff session (sign in at /admin/login; the session cookie is \`${cookieName}\`; a change also needs the site’s own Origin) or an API token with the scope the route names (\`Authorization: Bearer ort_…\`, made by an owner at /admin/tokens). Statuses, bodies and examples: docs/api.md, “Staff”.`,
    },
    // The public forms' posts, one path per form, written from the form definitions.
    paths: formPostPaths(),
    components: {
      securitySchemes: {
        staffSession: { type: 'apiKey', in: 'cookie', name: cookieName },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token (`ort_…`) with its scopes: `leads:read`, `leads:write`, `leads:create`, `sensitive:reveal`.',
        },
      },
    },
  }
}

/** Adds the document's collector to the API's plugin, before its routes. */
export async function registerOpenApi(app: FastifyInstance, cookieSecure: boolean): Promise<void> {
  await app.register(swagger, { openapi: openapi(cookieSecure), transform: jsonSchemaTransform })
}
