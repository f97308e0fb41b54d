/**
 * Control characters refused at the edge, once for every route: NUL cannot be stored in a
 * PostgreSQL text column (the insert fails, which was a 500), and the others have no place in
 * anything a person types. Tab, CR and LF pass here: multi-line texts (notes, messages) take them,
 * and single-line fields refuse them in their own checks. The visitors' forms are left out: they
 * answer each field in the visitor's language (docs/decisions/033-no-stranger-turns-the-site-against-the-agency.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'

// C0 controls but tab, LF and CR; DEL; the C1 controls. Finding them is this pattern's purpose.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused are controls
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/** Nesting deeper than a body parser lets through is not walked (the parsers bound the size). */
const maxDepth = 32

function containsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return controlCharacter.test(value)
  if (depth > maxDepth || value === null || typeof value !== 'object') return false
  for (const [key, item] of Object.entries(value)) {
    if (controlCharacter.test(key) || containsControlCharacter(item, depth + 1)) return true
  }
  return false
}

export function registerControlCharacterCheck(
  app: FastifyInstance,
  { skip }: { skip: (request: FastifyRequest) => boolean },
): void {
  app.addHook('preValidation', async (request, reply) => {
    if (skip(request)) return
    if (
      containsControlCharacter(request.params) ||
      containsControlCharacter(request.query) ||
      containsControlCharacter(request.body)
    )
      return reply
        .code(400)
        .type('application/json')
        .send({ error: 'The request contains a control character (such as NUL) that no field accepts.' })
  })
}
