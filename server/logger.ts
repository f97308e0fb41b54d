import type { FastifyServerOptions } from 'fastify'

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/**
 * Pino options for Fastify. Request logs carry method and URL only: no client address, no
 * headers, and bodies are never logged (they hold visitors' details and SSNs), with redaction
 * as a second guard should any log call include one.
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
        return { method: request.method, url: request.url }
      },
    },
  }
}
