/**
 * Prometheus metrics (prom-client). Labels carry routes, statuses, verdicts and topic names
 * only: never an address, inbox, IP or account key.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { HotCounter } from './hot-counter.ts';
import { HotHistogram } from './hot-histogram.ts';

export interface Metrics {
  readonly registry: Registry;
  /** Counted on the request path (hot-counter.ts): the label values in label order. */
  readonly httpRequests: HotCounter<'method' | 'route' | 'status'>;
  /** Observed on the request path (hot-histogram.ts): the value, then the label values in label order. */
  readonly httpDuration: HotHistogram<'method' | 'route' | 'status'>;
  readonly checks: HotCounter<'verdict' | 'model'>;
  readonly checkErrors: Counter<'kind'>;
  readonly eventsWritten: HotCounter<'topic'>;
  readonly eventsGivenUp: Counter<'topic' | 'recorded'>;
  readonly feedback: Counter<'outcome' | 'result'>;
  readonly domainAgeLookups: Counter<'result'>;
  readonly ruleHits: Counter<'action' | 'type'>;
  readonly testChecks: Counter<'verdict'>;
  readonly signupHooks: Counter<'provider' | 'outcome'>;
  /** Registers a gauge whose value is read at scrape time. */
  gauge(name: string, help: string, labels: string[], collect: (set: (labels: Record<string, string>, v: number) => void) => void | Promise<void>): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mailsift_' }); // mailsift_process_cpu_seconds_total, mailsift_nodejs_*
  const m = {
    registry,
    httpRequests: hot(new HotCounter(['method', 'route', 'status'] as const), { name: 'mailsift_http_requests_total', help: 'HTTP requests by route and status', registers: [registry] }),
    httpDuration: new HotHistogram({
      name: 'mailsift_http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    checks: hot(new HotCounter(['verdict', 'model'] as const), { name: 'mailsift_checks_total', help: 'Addresses checked, by verdict and served model', registers: [registry] }),
    checkErrors: new Counter({ name: 'mailsift_check_invalid_total', help: 'Addresses rejected before scoring, by kind', labelNames: ['kind'] as const, registers: [registry] }),
    eventsWritten: hot(new HotCounter(['topic'] as const), { name: 'mailsift_events_written_total', help: 'Events durably written to the log, by topic', registers: [registry] }),
    eventsGivenUp: new Counter({
      name: 'mailsift_events_given_up_total',
      help: 'Events answered 503 because the log did not confirm them in time; recorded="no": withdrawn unwritten, "unknown": may still land',
      labelNames: ['topic', 'recorded'] as const,
      registers: [registry],
    }),
    signupHooks: new Counter({ name: 'mailsift_signup_hook_total', help: 'Sign-up hook requests by provider and outcome (allow, reject, failed_open, unauthorized)', labelNames: ['provider', 'outcome'] as const, registers: [registry] }),
    feedback: new Counter({ name: 'mailsift_feedback_total', help: 'Feedback requests by outcome and result', labelNames: ['outcome', 'result'] as const, registers: [registry] }),
    domainAgeLookups: new Counter({ name: 'mailsift_domain_age_lookups_total', help: 'RDAP domain-age lookups by result (found, absent, failed)', labelNames: ['result'] as const, registers: [registry] }),
    ruleHits: new Counter({ name: 'mailsift_rule_hits_total', help: "Checks whose verdict a customer's rule set, by the rule's action and type", labelNames: ['action', 'type'] as const, registers: [registry] }),
    testChecks: new Counter({ name: 'mailsift_test_checks_total', help: 'Checks made with test keys (not billed, counted or learned from), by verdict', labelNames: ['verdict'] as const, registers: [registry] }),
    gauge(name: string, help: string, labels: string[], collect: (set: (l: Record<string, string>, v: number) => void) => void | Promise<void>) {
      new Gauge({
        name,
        help,
        labelNames: labels,
        registers: [registry],
        async collect() {
          this.reset();
          await collect((l, v) => this.set(l, v));
        },
      });
    },
  };
  return m;
}

/** A prom-client counter counted through `counts` (hot-counter.ts), which it reads on every scrape. */
function hot<L extends string>(counts: HotCounter<L>, config: { name: string; help: string; registers: Registry[] }): HotCounter<L> {
  new Counter<L>({
    ...config,
    labelNames: counts.labelNames,
    collect() {
      counts.flushInto(this);
    },
  });
  return counts;
}
