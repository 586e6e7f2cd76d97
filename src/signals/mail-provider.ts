/**
 * PURE: MX records -> mail provider (and the vendor when it is a security gateway).
 *
 * Follows `../shared/fixtures/providers.md`: hosts lower-cased, trailing dot stripped,
 * suffix match on a dot boundary (longest suffix wins), substring rules only where the
 * data says so. Only the most preferred tier (the lowest preference value, i.e. the hosts
 * that actually receive the mail) is classified; a backup MX at a known provider does not
 * make the domain that provider's. No usable MX (none published, or null MX) is `none`.
 */
import type { MailProvider } from '../domain/check.ts';
import { MX_PROVIDER_RULES, type MxProviderRule } from '../data/mx-providers.ts';
import { normalizeHost, type MxRecord } from './deliverability.ts';

export interface MailProviderResult {
  readonly provider: MailProvider;
  /** Set only for `gateway`: the vendor, e.g. `proofpoint`. */
  readonly gatewayVendor?: string;
  /** The matched row of the data (e.g. `google_workspace`, `fastmail`); absent for unmatched `other`/`none`. */
  readonly brand?: string;
}

export interface MxClassifier {
  /** Classifies one MX host name (any case, trailing dot allowed); undefined when no rule matches. */
  matchHost(host: string): MxProviderRule | undefined;
  /** Classifies a domain from its MX records. */
  classify(records: readonly MxRecord[]): MailProviderResult;
}

/** Builds a classifier over `rules` (the default data unless a test passes its own). */
export function createMxClassifier(rules: readonly MxProviderRule[] = MX_PROVIDER_RULES): MxClassifier {
  const bySuffix = new Map<string, MxProviderRule>();
  const others: MxProviderRule[] = [];
  for (const rule of rules) {
    if ('suffix' in rule.match) {
      const key = normalizeHost(rule.match.suffix);
      if (bySuffix.has(key)) throw new Error(`duplicate MX suffix rule: ${key}`);
      bySuffix.set(key, rule);
    } else {
      others.push(rule);
    }
  }

  function matchHost(raw: string): MxProviderRule | undefined {
    const host = normalizeHost(raw);
    if (host === '') return undefined;
    // Try the host's own name, then each parent name: the first hit is the longest suffix,
    // and only whole labels are ever compared (the dot boundary).
    for (let at = 0; ; ) {
      const rule = bySuffix.get(host.slice(at));
      if (rule) return rule;
      const dot = host.indexOf('.', at);
      if (dot === -1) break;
      at = dot + 1;
    }
    for (const rule of others) {
      if ('contains' in rule.match && host.includes(rule.match.contains)) return rule;
      if ('pattern' in rule.match && rule.match.pattern.test(host)) return rule;
    }
    return undefined;
  }

  function classify(records: readonly MxRecord[]): MailProviderResult {
    const usable = records.filter((r) => normalizeHost(r.exchange) !== '');
    if (usable.length === 0) return { provider: 'none' };
    const best = Math.min(...usable.map((r) => r.priority));
    const tier = usable
      .filter((r) => r.priority === best)
      .map((r) => normalizeHost(r.exchange))
      .sort();
    for (const host of tier) {
      const rule = matchHost(host);
      if (!rule) continue;
      return rule.provider === 'gateway'
        ? { provider: 'gateway', gatewayVendor: rule.brand, brand: rule.brand }
        : { provider: rule.provider, brand: rule.brand };
    }
    return { provider: 'other' };
  }

  return { matchHost, classify };
}

const defaultClassifier = createMxClassifier();

/** Classifies a domain's MX records with the default provider data. */
export function classifyMailProvider(records: readonly MxRecord[]): MailProviderResult {
  return defaultClassifier.classify(records);
}
