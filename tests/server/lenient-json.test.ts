/**
 * The staff API's body fields (server/admin/lenient-json.ts) take what Fastify's default validator
 * took before the API's schemas were zod's, and refuse what it refused: each value of a grid of JSON
 * values of every type is sent to a route validated the old way (Ajv, Fastify's defaults) and read
 * by the zod field, and both must agree on whether it is accepted and what it becomes.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { flag, nullableText, text } from '#server/admin/lenient-json.ts'

const atoms: unknown[] = [null, true, false, 0, 1, 2, -1, 1.5, '', 'x', 'true', 'false', '0', '1', {}, []]
const values: unknown[] = [
  ...atoms,
  ...atoms.map((atom) => [atom]),
  ...atoms.map((atom) => [atom, atom]),
  [[null]],
]

/** Each field as the API declared it in JSON Schema before, and as it declares it now. */
const fields = {
  text: { before: { type: 'string' }, now: text(z.string()) },
  nullableText: { before: { type: ['string', 'null'] }, now: nullableText(z.string().nullable()) },
  flag: { before: { type: 'boolean' }, now: flag() },
} as const

describe('the staff API’s body fields read what Fastify’s default validator read', () => {
  let ajv: FastifyInstance

  beforeAll(async () => {
    ajv = Fastify({ logger: false })
    for (const [name, field] of Object.entries(fields)) {
      ajv.post(
        `/${name}`,
        { schema: { body: { type: 'object', properties: { value: field.before }, required: ['value'] } } },
        async (request) => ({ value: (request.body as { value: unknown }).value }),
      )
    }
    await ajv.ready()
  })
  afterAll(() => ajv?.close())

  it.each(Object.keys(fields) as (keyof typeof fields)[])('%s', async (name) => {
    for (const value of values) {
      const before = await ajv.inject({ method: 'POST', url: `/${name}`, payload: { value } })
      const now = fields[name].now.safeParse(value)
      const described = `${name} ${JSON.stringify(value)}`
      expect(now.success, described).toBe(before.statusCode === 200)
      if (now.success)
        expect({ described, value: now.data }).toEqual({ described, value: before.json().value })
    }
  })
})
