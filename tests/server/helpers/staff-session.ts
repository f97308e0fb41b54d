/**
 * Signing in through the page. Accounts are made by the kit (tests/kit/staff.ts) at the tests'
 * cheap password cost (the app checks a hash with the cost stored in it, so the cost of the sign-in
 * follows); tests about the hash or the sign-in pool under attack keep production's cost.
 */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { cookieOf } from './cookies.ts'
import { type FormPostOptions, injectForm } from './requests.ts'

/** The sign-in page's form posted (POST /admin/login), with the desk's Origin unless told otherwise. */
export function postSignIn(app: FastifyInstance, email: string, password: string, options?: FormPostOptions) {
  return injectForm(app, '/admin/login', { email, password }, options)
}

/** Signs in through the page; the session's Cookie header. The desk must let the member in (303 to /admin). */
export async function signInThroughPage(
  app: FastifyInstance,
  email: string,
  password: string,
  options?: FormPostOptions,
): Promise<string> {
  const response = await postSignIn(app, email, password, options)
  expect(response.statusCode).toBe(303)
  expect(response.headers.location).toBe('/admin')
  return cookieOf(response)
}
