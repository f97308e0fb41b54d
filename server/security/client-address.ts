/**
 * Who a request counts as, for every limit and every stored address: an IPv4 address by itself,
 * an IPv6 address by its /64 network. A home or office connection is given a whole /64 by its
 * provider, so one visitor (or one attacker) can change the last 64 bits at will: counting each
 * full IPv6 address separately would hand a stranger 2^64 fresh limits. The group is never stored
 * or sent anywhere in clear: `addressGroupKey` is a keyed hash of it (docs/contracts.md, "What is
 * stored").
 */
import { createHmac } from 'node:crypto'
import ipaddr from 'ipaddr.js'

/**
 * The address group a client belongs to: `v4:a.b.c.d`, or `v6:` and its /64 network. An IPv4
 * address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address. Anything else (a unix socket, a
 * test's made-up name) is its own group.
 */
function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return `other:${ip}`
  const parsed = ipaddr.process(ip)
  if (parsed.kind() === 'ipv4') return `v4:${parsed.toString()}`
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`)
  return `v6:${network.toString()}/64`
}

/**
 * A keyed hash of the client's address group: the same group gives the same value (counting,
 * spotting floods), and without the server's secret it cannot be turned back into an address by
 * hashing all IPv4 addresses. `purpose` keeps the values of two uses (a stored lead, a Redis key)
 * from being matched against each other.
 */
export function addressGroupKey(ip: string, secret: string, purpose = 'address'): string {
  return createHmac('sha256', secret)
    .update(`${purpose}\n${addressGroup(ip)}`)
    .digest('hex')
}
