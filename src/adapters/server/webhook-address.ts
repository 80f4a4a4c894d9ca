import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Webhooks go to the people's chat services, never into the server's own network: a URL anyone
 * may set must not make the server post to its loopback, a private network or a cloud's metadata
 * address (169.254.169.254). Its operator may allow them (`wardroom serve --allow-private-webhooks`:
 * a chat server on the same LAN).
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

export const ALLOW_PRIVATE = 'its operator may allow it: wardroom serve --allow-private-webhooks';

/** A loopback, private, link-local or unspecified address (IPv4, IPv6, or IPv4 mapped into IPv6). */
function isPrivate(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const v = isIP(ip);
  return v !== 0 && PRIVATE.check(ip, v === 6 ? 'ipv6' : 'ipv4');
}

/** The URL's host, when it names a private address itself (a literal address, `localhost`), else null; no lookup. */
export function privateHost(url: string): string | null {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || isPrivate(host) ? host : null;
}

export type Lookup = (host: string) => Promise<{ address: string }[]>;

/** Why the server will not post to `url` (its host is, or resolves to, a private address), or null. */
export async function privateWebhook(url: string, lookup: Lookup = (h) => dnsLookup(h, { all: true })): Promise<string | null> {
  const named = privateHost(url);
  if (named) return `${named} is a loopback, private or link-local address: this server does not post there (${ALLOW_PRIVATE}).`;
  const host = new URL(url).hostname;
  if (isIP(host.replace(/^\[|\]$/g, ''))) return null;
  const bad = (await lookup(host).catch(() => [])).find((a) => isPrivate(a.address));
  return bad ? `${host} resolves to ${bad.address}, a loopback, private or link-local address: this server does not post there (${ALLOW_PRIVATE}).` : null;
}
