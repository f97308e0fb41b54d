/**
 * GET /admin/export.csv: the leads the inbox's filters match, as a CSV file (csv-export.ts;
 * docs/api.md, "CSV export").
 */
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { parseLeadFilters } from '#server/leads/lead-filters.ts'
import { csvHeadersOf, csvLayoutOf, leadsCsv, withLastNotes } from '../csv-export.ts'
import { requireStaffPage } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'

export async function exportRoutes(
  app: FastifyInstance,
  options: Pick<DeskOptions, 'db' | 'desk' | 'encryptionKey' | 'now'>,
): Promise<void> {
  const { desk } = options
  app.get('/admin/export.csv', { onRequest: requireStaffPage }, async (request, reply) => {
    const { filters, errors } = parseLeadFilters(request.query)
    // The layout (docs/api.md, "CSV export"): the desk's columns, or an applicant import's.
    const layout = csvLayoutOf(request.query)
    // The header row: snake_case keys (the default) or the labels people read.
    const headers = csvHeadersOf(request.query)
    const problems = [
      ...Object.values(errors),
      ...(layout ? [] : ['The layout is leads or applicants.']),
      ...(headers ? [] : ['The headers are keys or labels.']),
    ]
    if (problems.length || !layout || !headers) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(`Invalid filters: ${problems.join(' ')}`)
    }
    const viewerId = request.staff?.userId ?? ''
    const day = options.now().toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
      .send(
        Readable.from(
          leadsCsv(
            withLastNotes(options.db, desk.inbox.eachLead(filters, undefined, viewerId, options.now())),
            layout,
            options.encryptionKey,
            headers,
          ),
        ),
      )
  })
}
