/**
 * Domain age from RDAP (RFC 9083, RFC 9224), pure: which registry to ask for a domain, when
 * a registry's answer says the domain was registered, and the age in days at a given time.
 */
import { parse } from 'tldts';

const DAY_MS = 86_400_000;

/**
 * The domain a registry knows (the registrable domain: `mail.example.co.uk` ->
 * `example.co.uk`) and the RDAP URL that answers for it: the bootstrap entry of the longest
 * matching suffix (RFC 9224 section 4; entries are TLDs today). Undefined when the domain has
 * no registrable part or no registry is known for it.
 */
export function rdapQueryFor(domain: string, servers: ReadonlyMap<string, string>): { registrable: string; url: string } | undefined {
  const registrable = parse(domain, { allowPrivateDomains: false }).domain?.toLowerCase();
  if (!registrable) return undefined;
  const labels = registrable.split('.');
  for (let i = 1; i < labels.length; i++) {
    const base = servers.get(labels.slice(i).join('.'));
    if (base !== undefined) return { registrable, url: `${base}domain/${encodeURIComponent(registrable)}` };
  }
  return undefined;
}

/**
 * When the domain was registered (epoch ms), from an RDAP domain response: the `registration`
 * event, not simply the first one. Undefined for an error object, another object class, or
 * a response without a usable registration date.
 */
export function registrationTime(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const doc = body as { objectClassName?: unknown; errorCode?: unknown; events?: unknown };
  if (doc.errorCode !== undefined || doc.objectClassName !== 'domain' || !Array.isArray(doc.events)) return undefined;
  for (const e of doc.events as unknown[]) {
    if (typeof e !== 'object' || e === null) continue;
    const { eventAction, eventDate } = e as { eventAction?: unknown; eventDate?: unknown };
    if (eventAction !== 'registration' || typeof eventDate !== 'string') continue;
    // ISO 8601 with or without fractional seconds (Date.parse takes the first three digits).
    const ms = Date.parse(eventDate);
    if (Number.isFinite(ms)) return ms;
  }
  return undefined;
}

/** Whole days since registration at `now` (0 for a date in the future: clocks differ). */
export function ageInDays(registeredAt: number, now: number): number {
  return Math.max(0, Math.floor((now - registeredAt) / DAY_MS));
}
