/**
 * MX records -> the disposable-mail service that receives the domain's mail, if any. Pure;
 * data in src/data/disposable-mx.ts.
 */
import { DISPOSABLE_MX_HOSTS } from '../data/disposable-mx.ts';
import { normalizeHost, type MxRecord } from './deliverability.ts';

const BY_HOST: ReadonlyMap<string, string> = new Map(DISPOSABLE_MX_HOSTS.map((h) => [h.host, h.service]));

/** The service of the first MX host (any preference) that is a disposable service's, or its parent is. */
export function disposableMxService(records: readonly MxRecord[], table: ReadonlyMap<string, string> = BY_HOST): string | undefined {
  for (const r of records) {
    const host = normalizeHost(r.exchange);
    for (let at = 0; host !== ''; ) {
      const service = table.get(host.slice(at));
      if (service !== undefined) return service;
      const dot = host.indexOf('.', at);
      if (dot === -1) break;
      at = dot + 1;
    }
  }
  return undefined;
}
