/**
 * The server's Prometheus metrics (prom-client), in one registry per server so tests that build
 * several apps in one process never share counts. Served at /metrics (server/plugins/metrics.ts).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/database.ts'
import { countJobsByStatus } from '../leads/lead-jobs.ts'

/** What became of a form submission, as counted in agency_leads_received_total. */
export type LeadOutcome =
  | 'stored'
  | 'spam'
  | 'repeat'
  | 'invalid'
  | 'rate_limited'
  | 'conflict'
  | 'refused'
  | 'error'

export interface Metrics {
  registry: Registry
  httpDuration: Histogram<'method' | 'route' | 'status_code'>
  leadsReceived: Counter<'form' | 'outcome'>
  deliveries: Counter<'outcome'>
  /** From the lead being stored to its notification accepted by the SMTP server. */
  deliveryLatency: Histogram
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  // Process CPU, memory, handles, GC, and nodejs_eventloop_lag_* (the event loop's delay).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
  return {
    registry,
    httpDuration: new Histogram({
      name: 'agency_http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    leadsReceived: new Counter({
      name: 'agency_leads_received_total',
      help: 'Form submissions by form and outcome (stored, spam, repeat, invalid, rate_limited, conflict, refused, error).',
      labelNames: ['form', 'outcome'],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'agency_notification_attempts_total',
      help: 'Lead notification send attempts by this process: sent, retry (failed, will retry) or failed (for good).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    deliveryLatency: new Histogram({
      name: 'agency_notification_delivery_seconds',
      help: 'From a lead being stored to its notification accepted by the mail server.',
      buckets: [1, 5, 15, 60, 300, 900, 3600, 21_600, 86_400],
      registers: [registry],
    }),
  }
}

/**
 * Gauges read from the database when Prometheus scrapes: notifications by state (shared by every
 * process on the database) and this process's connection pool.
 */
export function registerDatabaseGauges(metrics: Metrics, db: Database): void {
  new Gauge({
    name: 'agency_notifications',
    help: 'Lead notifications by state (pending, sending, sent, failed), for the whole database.',
    labelNames: ['state'],
    registers: [metrics.registry],
    async collect() {
      // Every state is reported, zero included, so a rate or an alert never sees a missing series.
      for (const [state, count] of Object.entries(await countJobsByStatus(db))) this.set({ state }, count)
    },
  })
  new Gauge({
    name: 'agency_db_pool_connections',
    help: 'Database connections of this process: total, idle, and requests waiting for one (PGlite: one connection).',
    labelNames: ['state'],
    registers: [metrics.registry],
    collect() {
      const stats = db.poolStats()
      this.set({ state: 'total' }, stats.total)
      this.set({ state: 'idle' }, stats.idle)
      this.set({ state: 'waiting' }, stats.waiting)
    },
  })
}
