/**
 * Repartition: every check, re-keyed by domain, for the cross-customer domain aggregations
 * (Kafka Streams' `selectKey` + repartition topic). Carries no account and no spelling.
 */
import type { CheckScored, DomainSighting } from '../../domain/events.ts';
import type { Aggregation } from '../aggregation.ts';

export function sightingOf(e: CheckScored): DomainSighting {
  return { domain: e.domain, inbox_hash: e.inbox_hash, local_shape: e.local_shape, account_type: e.account_type, time: e.time };
}

export const domainSightings: Aggregation<CheckScored> = {
  name: 'domain-sightings-repartition',
  stores: [],
  reads() {},
  apply(e, _tx, emit) {
    emit({ topic: 'domainSightings', key: Buffer.from(e.domain), value: sightingOf(e), timestamp: e.time });
  },
};
