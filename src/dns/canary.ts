/**
 * Guards against a lying resolver. Some networks answer NXDOMAIN for every public name
 * (blocking or captive resolvers, sandboxes). Taken at face value that would mark gmail.com
 * undeliverable and block every real person. So the resolver is trusted only while it confirms
 * that a few domains which certainly receive mail do so; otherwise every answer is
 * `{ deliverable: null }` ("DNS could not tell"), never a guess. Re-probed periodically.
 */
import type { DnsFacts } from '../domain/check.ts';
import type { DnsResolver } from './resolver.ts';

export interface CanaryOptions {
  /** Domains that must resolve as deliverable, e.g. gmail.com. Empty = always trusted. */
  domains: readonly string[];
  intervalMs?: number;
  /** How the resolver is named in the detail (e.g. "the system's DNS resolver"). */
  resolverName?: string;
  onChange?: (trusted: boolean, detail: string) => void;
}

export interface GuardedResolver {
  domainFacts(domain: string, budgetMs?: number): Promise<DnsFacts>;
  trusted(): boolean;
  detail(): string;
  /** Runs the first probe (callers await it before serving) and schedules the next ones. */
  start(): Promise<void>;
  stop(): void;
}

const UNTRUSTED: DnsFacts = Object.freeze({ deliverable: null });

export function guardWithCanary(resolver: DnsResolver, o: CanaryOptions): GuardedResolver {
  let trusted = true;
  let detail = o.domains.length ? 'not probed yet' : 'canary off';
  let timer: NodeJS.Timeout | undefined;

  async function probe(): Promise<void> {
    if (o.domains.length === 0) return;
    const facts = await Promise.all(o.domains.map((d) => resolver.domainFacts(d)));
    const ok = facts.some((f) => f.deliverable === true);
    const names = o.domains.join(', ');
    // No answer at all is a resolver that cannot be reached (or fails every query), not one that lies.
    const next = ok
      ? `trusted (${names} deliverable)`
      : facts.every((f) => f.deliverable === null)
        ? `unreachable: ${o.resolverName ?? 'the DNS resolver'} cannot be reached (no answer for ${names}: timed out, refused or failed); answering deliverable_domain: null until it answers`
        : `untrusted: ${o.resolverName ?? 'the DNS resolver'} says ${names} receive no mail (${facts.map((f) => String(f.deliverable)).join(', ')}), so it blocks or rewrites public names; answering deliverable_domain: null`;
    if (ok !== trusted || next !== detail) o.onChange?.(ok, next);
    trusted = ok;
    detail = next;
  }

  return {
    domainFacts: (domain, budgetMs) => (trusted ? resolver.domainFacts(domain, budgetMs) : Promise.resolve(UNTRUSTED)),
    trusted: () => trusted,
    detail: () => detail,
    async start() {
      await probe();
      if (o.domains.length) {
        timer = setInterval(() => void probe().catch(() => undefined), o.intervalMs ?? 60_000);
        timer.unref();
      }
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
