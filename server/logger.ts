import type { FastifyServerOptions } from 'fastify'

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/**
 * A request's URL as the log may keep it: the path, never the query string. A query can carry a
 * visitor's details (a form a browser sent by GET, an inbox search for a name), and the log is kept
 * longer and read by more people than the leads themselves.
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : `${url.slice(0, query)}?[query not logged]`
}

/**
 * Pino options for Fastify. Request logs carry method and path only: no query string, no client
 * address, no headers, and bodies are never logged (they hold visitors' details and SSNs), with
 * redaction as a second guard should any log call include one.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'body',
        'req.body',
        'request.body',
        'req.headers',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string }) {
        return { method: request.method, url: loggedUrl(request.url) }
      },
    },
  }
}
