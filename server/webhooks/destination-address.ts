/**
 * Where a webhook destination added on the desk may point: outside addresses only (docs/api.md,
 * "Webhooks"). The desk is a web form, so a destination is written by whoever holds an owner's
 * session; aimed at this machine, the agency's network or a cloud's metadata service, it would turn
 * the server against the agency (stop Caddy through its admin API on localhost:2019, read cloud
 * credentials). WEBHOOK_URL is set by whoever runs the server and may stay on this machine.
 *
 * The address is what is checked, not how it is written: the URL parser turns `127.1`,
 * `2130706433` and `0x7f000001` into `127.0.0.1`, ipaddr.js reads an IPv4 address inside IPv6
 * (`::ffff:127.0.0.1`), and a name is resolved at every attempt by the lookup the connection itself
 * uses (outsideOnlyLookup), so DNS cannot answer one address to the check and another to connect.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/** Whether a resolved address may be sent to. */
export type AddressCheck = (address: string) => boolean

/** The global unicast IPv6 space (2000::/3); anything else is not on the internet. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3')

/**
 * A public unicast address: not loopback, private, shared (carrier-grade NAT), link-local (where
 * the clouds' metadata services answer), unique-local, multicast, broadcast, unspecified, reserved,
 * documentation, nor IPv6 that carries an IPv4 address (mapped, NAT64, 6to4, Teredo).
 */
export function isOutsideAddress(address: string): boolean {
  const text = address.replace(/^\[(.*)\]$/, '$1')
  if (!ipaddr.isValid(text)) return false
  const parsed = ipaddr.process(text)
  if (parsed.range() !== 'unicast') return false
  return parsed.kind() === 'ipv4' || parsed.match(globalUnicast)
}

/** Loopback only (127.0.0.0/8, ::1, and ::ffff:127.x): the tests' receivers. */
export function isLoopbackAddress(address: string): boolean {
  const text = address.replace(/^\[(.*)\]$/, '$1')
  return ipaddr.isValid(text) && ipaddr.process(text).range() === 'loopback'
}

/**
 * Names that mean this machine or an internal network whatever public DNS says of them (they may
 * not resolve here, and resolve inside the cloud: metadata.google.internal). A name without a dot
 * is completed by the machine's search domains, inside the agency's network.
 */
const internalSuffix = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa)$/

export class AddressNotAllowedError extends Error {
  override name = 'AddressNotAllowedError'
  readonly code = 'ERR_ADDRESS_NOT_ALLOWED'
}

/** The host of a URL as its address or name: brackets off, trailing dots off, lower case. */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase()
}

/**
 * Why a desk destination's host is refused before any lookup (an address written in the URL, an
 * internal name), or undefined.
 */
export function hostProblem(url: URL): string | undefined {
  const host = hostOf(url)
  if (ipaddr.isValid(host)) return isOutsideAddress(host) ? undefined : notOutside
  if (!host.includes('.') || internalSuffix.test(host)) return notOutside
  return undefined
}

const notOutside =
  'must be an outside address (not this machine, the local network or a cloud metadata service)'

/**
 * On adding: the host as above, then its name resolved now. A name that does not resolve yet is
 * accepted (the CRM may not be live); every attempt resolves it again and refuses what it finds
 * inside.
 */
export async function destinationHostProblem(url: URL): Promise<string | undefined> {
  const problem = hostProblem(url)
  if (problem) return problem
  const host = hostOf(url)
  if (ipaddr.isValid(host)) return undefined
  const addresses = await dnsLookup(host, { all: true, verbatim: true }).catch(() => [])
  return addresses.every((entry) => isOutsideAddress(entry.address)) ? undefined : notOutside
}

/**
 * The `lookup` of a destination's connection: resolves the name, refuses it when any of its
 * addresses is not allowed (a name that answers one public and one internal address is not
 * trusted), and hands the connection exactly the addresses it checked.
 */
export function outsideOnlyLookup(allowed: AddressCheck): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0
    dnsLookup(hostname, { all: true, verbatim: true, family }).then(
      (addresses) => {
        if (addresses.length === 0 || !addresses.every((entry) => allowed(entry.address))) {
          callback(new AddressNotAllowedError(`${hostname}: address not allowed`), '', 0)
          return
        }
        const [first] = addresses
        if (options.all) callback(null, addresses)
        else if (first) callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}
