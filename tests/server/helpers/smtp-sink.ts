/**
 * A real SMTP server on 127.0.0.1 (a random port) that keeps what it receives, for tests of lead
 * delivery. It can be told to refuse: 'reject' answers MAIL FROM with a temporary error (451),
 * 'disconnect' refuses the connection itself (the greeting is an error and the socket closes),
 * 'stall' never answers MAIL FROM (a mail server that hangs mid-send).
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { createMailTransport, type MailTransport } from '#server/mail/mail-transport.ts'
import { readThrough, useFixture } from './fixture.ts'
import { type ParsedMail, parseMail } from './mime.ts'

export type SinkMode = 'accept' | 'reject' | 'disconnect' | 'stall'

export interface ReceivedMail extends ParsedMail {
  /** The SMTP envelope, as the client gave it. */
  envelope: { from: string | undefined; to: string[] }
  /** Date.now() when the message's data had arrived. */
  receivedAt: number
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string
  port: number
  messages: ReceivedMail[]
  /** How many transactions were refused (MAIL FROM rejected or connection refused). */
  refused: number
  setMode(mode: SinkMode): void
  /** Messages whose Message-ID is `<lead-<id>@…>`, by lead id, in order of arrival. */
  byLeadId(): Map<string, ReceivedMail[]>
  close(): Promise<void>
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode })
}

export async function startSmtpSink({
  mode: initialMode = 'accept',
}: {
  mode?: SinkMode
} = {}): Promise<SmtpSink> {
  let mode: SinkMode = initialMode
  const messages: ReceivedMail[] = []
  let refused = 0
  const refuse = (callback: (error: Error) => void, message: string, responseCode: number) => {
    refused++
    callback(smtpError(message, responseCode))
  }

  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offered (the self-signed default would fail verification),
    // no login asked for.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    // close() waits for open sessions this long at most.
    closeTimeout: 1000,
    onConnect(_session, callback) {
      if (mode === 'disconnect')
        return refuse(callback, 'Service not available, closing transmission channel', 421)
      callback()
    },
    onMailFrom(_address, _session, callback) {
      // No answer at all: the client waits until it gives up or the server closes.
      if (mode === 'stall') return
      if (mode === 'reject') return refuse(callback, 'Requested action aborted: try again later', 451)
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'))
        const from = session.envelope.mailFrom
        messages.push({
          ...parsed,
          envelope: {
            from: from ? from.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          },
          receivedAt: Date.now(),
        })
        callback()
      })
    },
  })
  // A client that goes away mid-session is not the test's failure.
  server.on('error', () => {})

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get refused() {
      return refused
    },
    setMode(next) {
      mode = next
    },
    byLeadId() {
      const map = new Map<string, ReceivedMail[]>()
      for (const message of messages) {
        const id = /^<lead-([^@>]+)@/.exec(message.messageId ?? '')?.[1]
        if (id) map.set(id, [...(map.get(id) ?? []), message])
      }
      return map
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The sink of a describe block, as `useSmtpSink` hands it out, and transports that send to it. */
export interface UsedSmtpSink extends Omit<SmtpSink, 'close'> {
  /** A transport as main.ts makes it, to this sink (or, with `smtp: false`, to .eml files in `mailDir`). */
  transport(options?: { smtp?: boolean; mailDir?: string }): MailTransport
}

/**
 * A sink for the tests of a describe block: started before them (beforeAll); after them, the
 * transports made with `transport()` are closed, then the sink. Read inside hooks and tests.
 */
export function useSmtpSink(options: { mode?: SinkMode } = {}): UsedSmtpSink {
  const transports: MailTransport[] = []
  const started = useFixture(
    'the SMTP sink',
    () => startSmtpSink(options),
    (sink) => {
      for (const transport of transports) transport.close()
      return sink.close()
    },
  )
  return Object.assign(readThrough(started, ['url', 'port', 'messages', 'refused', 'setMode', 'byLeadId']), {
    transport({ smtp = true, mailDir = '/nonexistent' } = {}) {
      const transport = createMailTransport({ smtpUrl: smtp ? started().url : undefined, mailDir })
      transports.push(transport)
      return transport
    },
  })
}
