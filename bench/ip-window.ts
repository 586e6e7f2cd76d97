/**
 * `npx tsx bench/ip-window.ts [--ips 100 --rate 50 --seconds 600]`: the IP window's cost per
 * check (hot-windows.ts), the history read's two reads of it (the hour's total and the last 10
 * minutes' members and domains, as streams/history.ts reads them, this check's domain category
 * included) and then the apply, over `--seconds` of synthetic checks at `--rate` a second spread
 * over `--ips` IPs of one account: at 100 IPs and 50 a second each IP holds 300 inboxes of its 10
 * minutes (a shared gateway of many domains), at 10,000 one or two. Prints the process's CPU
 * per check (threads included: run it beside another build's, alternating, on a shared machine).
 * The addresses are lib/addresses.ts's, so the domains are a mix of providers and companies.
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import type { CheckScored } from '../src/domain/events.ts';
import { domainCategory, IP_RATE_WINDOW_MS, ipEntity } from '../src/streams/aggregations/ip-signups-1h.ts';
import { HotWindows } from '../src/streams/hot-windows.ts';
import { generateAddresses } from './lib/addresses.ts';
import { numberArg } from './lib/cli.ts';

const IPS = numberArg('ips', 100);
const RATE = numberArg('rate', 50);
const SECONDS = numberArg('seconds', 600);
const N = RATE * SECONDS;
const addresses = generateAddresses(50_000);
const h16 = (s: string): Buffer => createHash('sha256').update(s).digest().subarray(0, 16);
const ipHashes = Array.from({ length: IPS }, (_, i) => h16(`ip${i}`));
const inboxes = addresses.map(h16);
const T0 = 1_800_000_000_000;
const events = Array.from({ length: N }, (_, i) => {
  const a = i % addresses.length;
  const e: Partial<CheckScored> = { account: 'acct', ip_hash: ipHashes[(i * 7919) % IPS]!, inbox_hash: inboxes[a]!, domain: addresses[a]!.slice(addresses[a]!.indexOf('@') + 1), time: T0 + Math.floor((i * 1000) / RATE) };
  return e as CheckScored;
});
const windows = new HotWindows();
const ip = windows.ipSignups;
let sink = 0;
const cpu0 = process.cpuUsage();
for (const e of events) {
  const key = ipEntity(e.account, e.ip_hash!);
  const extra = [{ member: e.inbox_hash, category: domainCategory(e.domain), time: e.time }];
  sink += ip.total(key, e.time, extra);
  sink += ip.spread(key, e.time, extra, IP_RATE_WINDOW_MS).categories;
  windows.add(e);
}
const cpu = process.cpuUsage(cpu0);
console.log(`${IPS} IPs, ${RATE} checks/s for ${SECONDS} s (${Math.round((RATE * 600) / IPS)} inboxes an IP in 10 minutes): CPU ${((cpu.user + cpu.system) / N).toFixed(1)} µs per check; load ${loadavg()[0]!.toFixed(1)} (checksum ${sink})`);
