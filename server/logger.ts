import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'
import pino from 'pino'

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/**
 * A request's URL as the log may keep it: the path, never the query string. A query can carry a
 * visitor's details (a form a browser sent by GET, an inbox search for a name), and the log is kept
 * longer and read by more people than the leads themselves.
 */
function loggedUrl(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : `${url.slice(0, query)}?[query not logged]`
}

/** The longest a buffered log line waits before it is written (see logStream). */
export const logFlushMs = 1000

/** Bytes of log lines kept before they are written (see logStream). */
const logBufferBytes = 4096

/**
 * Standard output through a buffer, for production: lines are written when 4 KB have gathered, at
 * least once a second, and synchronously when the process exits (pino flushes its own
 * destinations on `exit`, so a shutdown, a fatal error or `process.exit` keeps every line). Only a
 * SIGKILL or a crash of the machine loses the last second. Pino's default writes each line at once
 * with its own system call; under `npm run bench` that was about a twentieth of the event loop's
 * work (docs/decisions/036-storing-a-lead.md). Development and tests keep the default,
 * so a line is there as soon as it is logged.
 */
function logStream(): ReturnType<typeof pino.destination> {
  // periodicFlush: sonic-boom's own timer (unref'd, cleared when the stream closes).
  return pino.destination({ dest: 1, sync: false, minLength: logBufferBytes, periodicFlush: logFlushMs })
}

/**
 * Pino options for Fastify. Request logs carry method and path only: no query string, no client
 * address, no headers, and bodies are never logged (they hold visitors' details and SSNs), with
 * redaction as a second guard should any log call include one. `buffered`: through logStream.
 */
export function loggerOptions(level: string, { buffered = false } = {}): LoggerOptions {
  return {
    level,
    ...(buffered ? { stream: logStream() } : {}),
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

/**
 * One log line per request, written once it is answered: method, path (as loggedUrl keeps it),
 * status and time, the line an operator reads. Fastify's default writes two (one on arrival, one
 * on completion without the path); under `npm run bench` writing them was about a fifth of the
 * event loop's work (docs/decisions/036-storing-a-lead.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
