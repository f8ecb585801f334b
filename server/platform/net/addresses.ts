import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server never fetches from unless the allow-list names them: loopback, private
 * (RFC 1918, CGNAT, ULA), link-local (with the cloud metadata addresses 169.254.169.254 and
 * fd00:ec2::254), unspecified, multicast, broadcast and reserved ranges.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // ULA (fd00:ec2::254 among them)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour) {
    const high = parseInt(sixToFour[1]!, 16);
    const low = parseInt(sixToFour[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** True when an IP address is in a range the server must not reach by default. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner) return blocked.check(inner, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true; // not an address at all: refuse
}

/**
 * The FETCH_ALLOW_HOSTS list: host names (`feeds.corp.local`, `*.corp.local`), addresses and
 * CIDR ranges (`10.1.0.0/16`, `fd12::/16`) an on-premises installation lets the server reach
 * even though they are private.
 */
export class AllowList {
  private readonly names: string[] = [];
  private readonly suffixes: string[] = [];
  private readonly ranges = new BlockList();
  private empty = true;

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      this.empty = false;
      const [network, prefix] = entry.split('/');
      const family = isIP(network!.replace(/^\[|\]$/g, ''));
      if (family) {
        const bare = network!.replace(/^\[|\]$/g, '');
        const type = family === 4 ? 'ipv4' : 'ipv6';
        if (prefix !== undefined) this.ranges.addSubnet(bare, Number(prefix), type);
        else this.ranges.addAddress(bare, type);
      } else if (entry.startsWith('*.')) {
        this.suffixes.push(entry.slice(1));
      } else {
        this.names.push(entry);
      }
    }
  }

  /** The host name of a URL is listed: every address it resolves to may be reached. */
  allowsHost(hostname: string): boolean {
    if (this.empty) return false;
    const host = hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
    if (this.names.includes(host)) return true;
    if (this.suffixes.some((suffix) => host.endsWith(suffix))) return true;
    return isIP(host) !== 0 && this.allowsAddress(host);
  }

  allowsAddress(address: string): boolean {
    if (this.empty) return false;
    const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    const family = isIP(bare);
    if (!family) return false;
    return this.ranges.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  }
}
