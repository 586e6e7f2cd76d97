/**
 * Dot-boundary domain matching: `a.b.example.com` matches a set holding `example.com`, but
 * `evilexample.com` does not. Pure.
 */

/** True when `domain` is a strict subdomain of an entry of `parents` (dot boundary). */
export function isStrictSubdomainOf(domain: string, parents: ReadonlySet<string>): boolean {
  let dot = domain.indexOf('.');
  while (dot !== -1) {
    if (parents.has(domain.slice(dot + 1))) return true;
    dot = domain.indexOf('.', dot + 1);
  }
  return false;
}

/**
 * The domain and its parents down to `floor` (the registrable domain), longest first:
 * a.b.example.com -> [a.b.example.com, b.example.com, example.com]. Computed once per address
 * and probed against several sets.
 */
export function selfAndParents(domain: string, floor: string): string[] {
  const chain = [domain];
  let d = domain;
  while (d.length > floor.length) {
    const dot = d.indexOf('.');
    if (dot === -1) break;
    d = d.slice(dot + 1);
    chain.push(d);
  }
  return chain;
}

export function anyIn(chain: readonly string[], set: ReadonlySet<string>): boolean {
  for (const d of chain) if (set.has(d)) return true;
  return false;
}
