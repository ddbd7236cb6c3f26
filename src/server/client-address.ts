import net from 'node:net';

/**
 * The address the per-address limits count by (login failures, request rates; decision 036). An
 * IPv6 client is one /64: a subscriber or a host is handed a whole /64, so counted per address each
 * of its 2^64 addresses brought new guesses at an account. An IPv4 address written as IPv6
 * (`::ffff:203.0.113.5`, a dual-stack socket) is that IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  return `${firstHextets(ip).join(':')}::/64`;
}

/** The first four 16-bit groups of an IPv6 address, `::` expanded, zone id dropped, no leading zeros. */
function firstHextets(ip: string): string[] {
  const plain = ip.split('%')[0]!;
  const gap = plain.indexOf('::');
  const left = gap === -1 ? plain.split(':') : plain.slice(0, gap).split(':').filter(Boolean);
  const right = gap === -1 ? [] : plain.slice(gap + 2).split(':').filter(Boolean);
  // An embedded IPv4 tail (`::1.2.3.4`) stands for two groups.
  const groups = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const zeros = gap === -1 ? [] : Array.from({ length: Math.max(0, 8 - groups(left) - groups(right)) }, () => '0');
  return [...left, ...zeros, ...right].slice(0, 4).map((h) => (h.includes('.') ? h : parseInt(h, 16).toString(16)));
}
