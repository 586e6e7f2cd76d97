/**
 * Realistic rotating sign-up addresses for load tests (deterministic, seeded; synthetic: never
 * taken from any labelled file). A mix of people at big providers and company domains, typos,
 * disposable and role addresses, and generated bot strings.
 */
import { fakerDE, fakerEN, fakerES, fakerFR, fakerPT_BR } from '@faker-js/faker';

const FREE = ['gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'icloud.com', 'proton.me', 'gmx.de', 'web.de'];
const TYPOS = ['gmial.com', 'hotmial.com', 'yaho.com', 'outlok.com'];
const DISPOSABLE = ['mailinator.com', 'guerrillamail.com', 'yopmail.com', '10minutemail.com'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateAddresses(n: number, seed = 7331, companyDomains = 500): string[] {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const fakers = [fakerEN, fakerDE, fakerFR, fakerES, fakerPT_BR];
  fakers.forEach((f, i) => f.seed(seed + i));
  const people = Array.from({ length: 4000 }, () => {
    const f = pick(fakers);
    return { first: f.person.firstName().toLowerCase().replace(/[^a-z]/g, ''), last: f.person.lastName().toLowerCase().replace(/[^a-z]/g, '') };
  }).filter((p) => p.first && p.last);
  const companies = Array.from({ length: companyDomains }, (_, i) => `${pick(['acme', 'nordic', 'blue', 'summit', 'pixel', 'terra'])}${pick(['soft', 'labs', 'works', 'data', 'media'])}${i}.${pick(['com', 'io', 'de', 'fr', 'co.uk'])}`);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = pick(people);
    const x = r();
    if (x < 0.45) out.push(`${pick([`${p.first}.${p.last}`, `${p.first}${p.last}`, `${p.first}${Math.floor(r() * 99)}`, `${p.first[0]}${p.last}`])}@${pick(FREE)}`);
    else if (x < 0.7) out.push(`${pick([`${p.first}.${p.last}`, `${p.first[0]}${p.last}`, p.first])}@${pick(companies)}`);
    else if (x < 0.75) out.push(`${p.first}.${p.last}@${pick(TYPOS)}`);
    else if (x < 0.8) out.push(`${p.first}${Math.floor(r() * 9999)}@${pick(DISPOSABLE)}`);
    else if (x < 0.85) out.push(`${pick(['info', 'support', 'sales', 'admin', 'hello'])}@${pick(companies)}`);
    else out.push(`${Array.from({ length: 8 + Math.floor(r() * 6) }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(r() * 36)]).join('')}@${pick(FREE)}`);
  }
  return out;
}

/**
 * POST /v1/check bodies of `generateAddresses(n)`; with `ips` > 0 each carries one of that many
 * public IPs, spread over the pool by a stride so an IP's checks rotate through the addresses'
 * domains as a shared gateway's do (81.2.0.0/16: public, so each is counted; synthetic).
 */
export function checkBodies(n: number, ips = 0): string[] {
  const ipOf = (i: number): string => {
    const k = (i * 7919) % ips;
    return `81.2.${k >> 8}.${k & 255}`;
  };
  return generateAddresses(n).map((email, i) => JSON.stringify(ips > 0 ? { email, ip: ipOf(i) } : { email }));
}
