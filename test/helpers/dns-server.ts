/**
 * A real authoritative-style DNS server on 127.0.0.1 (UDP, dns2 3.0.0) for tests and
 * benchmarks. It answers from an in-memory zone that the test can change at any time,
 * counts every query it receives (server-side, by type and name), and can misbehave per
 * name and per record type: NXDOMAIN, SERVFAIL, REFUSED, answer late, or never answer.
 *
 *   const dns = await startDnsServer({ 'example.test': { mx: [[10, 'mx.example.test']] },
 *                                      'mx.example.test': { a: ['192.0.2.1'] } });
 *   resolver = createDnsResolver({ servers: [dns.server] });
 *   ...; expect(dns.count('example.test', 'MX')).toBe(1); await dns.close();
 *
 * Names not in the zone are NXDOMAIN. A name with `cname` answers every type with the
 * CNAME plus the target's records (as a recursive resolver would). UDP only: the zones used
 * in tests fit in one datagram (c-ares advertises EDNS0, and dns2 truncates above that).
 */
import { createSocket } from 'node:dgram';
import dns2 from 'dns2';

const { Packet } = dns2;
type Resource = InstanceType<typeof Packet>['answers'][number];

export type RecordType = 'MX' | 'A' | 'AAAA';

/** How the server treats a question (for a whole name, or one record type of it). */
export interface Behaviour {
  /** Answer with this error code instead of data. */
  readonly rcode?: 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED';
  /** Send the answer this many ms late. */
  readonly delayMs?: number;
  /** Never answer (a black hole: the client must time out). */
  readonly drop?: boolean;
  /** Ignore the first n queries (counted since the last resetCounts), then answer: a lost packet. */
  readonly dropFirst?: number;
}

export interface NameSpec extends Behaviour {
  /** [preference, exchange]; exchange '' or '.' is the RFC 7505 null MX. */
  readonly mx?: ReadonlyArray<readonly [number, string]>;
  readonly a?: readonly string[];
  readonly aaaa?: readonly string[];
  /** This name is an alias of `cname`. */
  readonly cname?: string;
  /** TTL of every record of this name (default 300 s). */
  readonly ttl?: number;
  /** Per-type behaviour overriding the name's own (e.g. MX answers, A times out). */
  readonly byType?: Partial<Record<RecordType, Behaviour>>;
}

export type Zone = Record<string, NameSpec>;

export interface TestDnsServer {
  /** "127.0.0.1:<port>", ready for `Resolver.setServers` / MAILSIFT_DNS_SERVERS. */
  readonly server: string;
  readonly port: number;
  /** Adds, replaces (spec) or removes (undefined) a name. */
  set(name: string, spec: NameSpec | undefined): void;
  /** Queries received for a name and type, for a name (any type), or in all. */
  count(name?: string, type?: RecordType): number;
  /** Every (type, name) asked, as "TYPE name" -> queries. */
  counts(): ReadonlyMap<string, number>;
  resetCounts(): void;
  close(): Promise<void>;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const TYPE_NAMES = new Map<number, string>(Object.entries(Packet.TYPE).map(([k, v]) => [v, k]));
const norm = (name: string) => name.toLowerCase().replace(/\.+$/, '');
const rr = (r: Record<string, unknown>) => r as unknown as Resource;

function soa(name: string): Resource {
  return rr({
    name,
    type: Packet.TYPE.SOA,
    class: Packet.CLASS.IN,
    ttl: 300,
    primary: 'ns1.dns-test.invalid',
    admin: 'hostmaster.dns-test.invalid',
    serial: 1,
    refresh: 3600,
    retry: 600,
    expiration: 86400,
    minimum: 300,
  });
}

/** Records of `type` at `name`, following CNAMEs (at most 8). */
function answer(zone: Map<string, NameSpec>, name: string, type: number) {
  const answers: Resource[] = [];
  for (let hop = 0, at = name; hop < 8; hop++) {
    const spec = zone.get(at);
    if (!spec) return { rcode: RCODE.NXDOMAIN, answers, authorities: [soa(at)] };
    const ttl = spec.ttl ?? 300;
    const base = { name: at, class: Packet.CLASS.IN, ttl };
    if (spec.cname) {
      answers.push(rr({ ...base, type: Packet.TYPE.CNAME, domain: spec.cname }));
      at = norm(spec.cname);
      continue;
    }
    if (type === Packet.TYPE.MX) for (const [priority, ex] of spec.mx ?? []) answers.push(rr({ ...base, type, priority, exchange: ex === '.' ? '' : ex }));
    if (type === Packet.TYPE.A) for (const address of spec.a ?? []) answers.push(rr({ ...base, type, address }));
    if (type === Packet.TYPE.AAAA) for (const address of spec.aaaa ?? []) answers.push(rr({ ...base, type, address }));
    return { rcode: RCODE.NOERROR, answers, authorities: answers.length > 0 ? [] : [soa(at)] };
  }
  return { rcode: RCODE.SERVFAIL, answers: [], authorities: [] };
}

export async function startDnsServer(initial: Zone = {}): Promise<TestDnsServer> {
  const zone = new Map<string, NameSpec>(Object.entries(initial).map(([k, v]) => [norm(k), v]));
  const counts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const udp = dns2.createUDPServer((request, send) => {
    const q = request.questions[0];
    if (!q) return;
    const name = norm(q.name);
    const typeName = TYPE_NAMES.get(q.type) ?? String(q.type);
    const key = `${typeName} ${name}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);

    const spec = zone.get(name);
    const how: Behaviour = { ...spec, ...spec?.byType?.[typeName as RecordType] };
    if (how.drop || (counts.get(key) ?? 0) <= (how.dropFirst ?? 0)) return;
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    if (how.rcode) {
      response.header.rcode = RCODE[how.rcode];
      if (how.rcode === 'NXDOMAIN') response.authorities.push(soa(name));
    } else {
      const got = answer(zone, name, q.type);
      response.header.rcode = got.rcode;
      response.answers.push(...got.answers);
      response.authorities.push(...got.authorities);
    }
    const reply = () => {
      if (!closed) send(response).catch(() => undefined);
    };
    if (how.delayMs) {
      const t = setTimeout(() => {
        timers.delete(t);
        reply();
      }, how.delayMs);
      timers.add(t);
    } else {
      reply();
    }
  });
  await udp.listen(0, '127.0.0.1');
  const { port } = udp.address();

  return {
    server: `127.0.0.1:${port}`,
    port,
    set(name, spec) {
      if (spec) zone.set(norm(name), spec);
      else zone.delete(norm(name));
    },
    count(name, type) {
      let n = 0;
      for (const [key, c] of counts) {
        const [t, k] = key.split(' ');
        if ((name === undefined || k === norm(name)) && (type === undefined || t === type)) n += c;
      }
      return n;
    },
    counts: () => counts,
    resetCounts: () => counts.clear(),
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      return new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  };
}

/** A loopback UDP port with nothing listening (bound then released): queries get ICMP refused. */
export async function closedUdpPort(): Promise<number> {
  const sock = createSocket('udp4');
  await new Promise<void>((resolve) => sock.bind(0, '127.0.0.1', resolve));
  const { port } = sock.address();
  await new Promise<void>((resolve) => sock.close(() => resolve()));
  return port;
}
