/**
 * The topology as data: which aggregations each source topic feeds, in order. Every store has
 * a hand-assigned id and name here (store-spec.ts explains why ids are never reused).
 *
 *   checks.scored.v1 ──► usage-daily, check-index-14d, inbox-checks-14d
 *   feedback.received.v1 (after checks) ──► check-labels-14d + model-stats ──► checks.labelled.v1
 */
import type { CheckScored, FeedbackReceived } from '../domain/events.ts';
import type { ProcessorNode } from './aggregation.ts';
import { checkIndex14d } from './aggregations/check-index-14d.ts';
import { checkLabels } from './aggregations/check-labels.ts';
import { inboxChecks14d } from './aggregations/inbox-checks-14d.ts';
import { usageDaily } from './aggregations/usage-daily.ts';
import type { StoreSpec } from './stores/store-spec.ts';

export const checksNode: ProcessorNode<'check-scored'> = {
  name: 'checks',
  source: 'checks',
  aggregations: [usageDaily, checkIndex14d, inboxChecks14d],
  timeOf: (e: CheckScored) => e.time,
};

export const feedbackNode: ProcessorNode<'feedback-received'> = {
  name: 'labels',
  source: 'feedback',
  after: 'checks',
  aggregations: [checkLabels],
  timeOf: (e: FeedbackReceived) => e.time,
};

export const TOPOLOGY: readonly ProcessorNode[] = [checksNode as ProcessorNode, feedbackNode as ProcessorNode];

export function storesOf(nodes: readonly ProcessorNode[]): StoreSpec[] {
  const byId = new Map<number, StoreSpec>();
  for (const n of nodes) for (const a of n.aggregations) for (const s of a.stores) byId.set(s.id, s);
  // Stores read by an aggregation but owned by another node are declared there.
  return [...byId.values()];
}
