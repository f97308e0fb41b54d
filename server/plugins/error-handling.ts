import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Fixed messages per status: error bodies never carry parser messages or stack traces. */
const clientErrorMessages: Record<number, string> = {
  400: 'The request body is not valid JSON.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request body is too large.',
  415: 'Send the form as application/json.',
  429: 'Too many submissions. Please try again later.',
}

/**
 * Fastify's own refusals before any route runs (the `frameworkErrors` server option): a malformed
 * %-escape in the path, or a path parameter longer than maxParamLength (a form key that long names
 * no form: 404). Fastify's default bodies name its error code and echo the path; these do not.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 400
  reply
    .code(status)
    .type('application/json')
    .send({ error: status === 404 ? clientErrorMessages[404] : 'Bad request.' })
}

export interface ErrorHandlingOptions {
  /** Answers a non-API path that matched nothing (the site's 404 page). */
  sendNotFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}

/** Registers the error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(status).type('application/json').send({ error: 'Internal server error.' })
    }
    request.log.info({ code: error.code, status }, 'request rejected')
    const message = clientErrorMessages[status] ?? 'Bad request.'
    return reply.code(status).type('application/json').send({ error: message })
  })

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    if (!request.url.startsWith('/api/') && isPage && options.sendNotFoundPage) {
      return options.sendNotFoundPage(request, reply)
    }
    return reply.code(404).type('application/json').send({ error: clientErrorMessages[404] })
  })
}
