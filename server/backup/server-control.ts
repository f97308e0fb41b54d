/**
 * How `npm run backup` finds the running server that holds the embedded database: the server
 * writes its loopback address and a per-start secret to DATA_DIR/server-control.json (readable by
 * its own user only) once it listens, and removes the file when it stops.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

export interface ServerControl {
  url: string
  token: string
  pid: number
}

const fileName = 'server-control.json'

export function writeServerControl(
  dataDir: string,
  address: AddressInfo | string | null,
  token: string,
): void {
  if (!address || typeof address === 'string') return
  // A server listening on every interface is reached on loopback; the backup route answers only there.
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address
  const control: ServerControl = { url: `http://${host}:${address.port}`, token, pid: process.pid }
  writeFileSync(path.join(dataDir, fileName), JSON.stringify(control), { mode: 0o600 })
}

export function readServerControl(dataDir: string): ServerControl | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, fileName), 'utf8')) as ServerControl
  } catch {
    return undefined
  }
}

export function removeServerControl(dataDir: string): void {
  rmSync(path.join(dataDir, fileName), { force: true })
}
