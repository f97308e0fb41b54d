/**
 * The staff API's JSON body fields, read as Fastify's default validator read them before the API's
 * schemas were zod's (routes/api-routes.ts). Ajv, with Fastify's `coerceTypes: 'array'`, turned a
 * value of the wrong type into the declared one where it could; integrations may rely on that, so
 * these fields still do. The OpenAPI document shows the declared type only.
 * tests/server/lenient-json.test.ts holds each one to what Ajv does.
 */
import { z } from 'zod'

/** A number or boolean stands for its text, and null for ''. */
function asString(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return value === null ? '' : value
}

/** A one-item array stands for its item, as everywhere in Ajv's 'array' coercion. */
function onlyItem(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? value[0] : value
}

/** A string: see asString and onlyItem. */
export function text<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => asString(onlyItem(value)), schema)
}

/**
 * A string or null: null stays null. Of a one-item array, Ajv took a number, boolean or null item
 * as text, "" as null, and refused any other string.
 */
export function nullableText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (value === null) return null
    const item = onlyItem(value)
    if (item === value || typeof item !== 'string') return asString(item)
    return item === '' ? null : value
  }, schema)
}

/** A boolean: "true" and 1 stand for true; "false", 0 and null for false. */
export function flag() {
  return z.preprocess((value) => {
    const item = onlyItem(value)
    if (item === 'true' || item === 1) return true
    return item === 'false' || item === 0 || item === null ? false : item
  }, z.boolean())
}
