/** Reads deploy/grafana/mailsift.json and the metric names its queries and a metrics registry name. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from 'prom-client';
import { REPO_ROOT } from './shared.ts';

export interface GrafanaPanel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: unknown;
  targets?: { expr: string; refId: string }[];
}

export interface GrafanaDashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: { name: string; query?: unknown; definition?: string }[] };
  panels: GrafanaPanel[];
}

/** Exported only by a Kafka-mode API instance (its replica). */
export const GRAFANA_KAFKA_ONLY = ['mailsift_replica_lag_records'];

export function grafanaDashboard(): GrafanaDashboard {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'deploy', 'grafana', 'mailsift.json'), 'utf8')) as GrafanaDashboard;
}

/** Labels every scraped series has (added by Prometheus) or a histogram's buckets have. */
const SCRAPE_LABELS = ['job', 'instance'];
const FUNCTIONS = new Set(['rate', 'irate', 'increase', 'sum', 'max', 'min', 'avg', 'histogram_quantile', 'clamp_min', 'label_values']);

export interface QueryUse {
  /** Metric names the query reads. */
  metrics: string[];
  /** Label names it matches on or groups by. */
  labels: string[];
}

/** What one PromQL query (or a label_values() variable query) reads: metric names and label names. */
export function queryUse(expr: string): QueryUse {
  const labels: string[] = [];
  let e = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  e = e.replace(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g, (_m, list: string) => {
    labels.push(...list.split(',').map((x) => x.trim()).filter(Boolean));
    return ' ';
  });
  e = e.replace(/\{([^}]*)\}/g, (_m, matchers: string) => {
    for (const mm of matchers.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)/g)) labels.push(mm[1]!);
    return ' ';
  });
  // label_values(metric, label): the second argument is a label
  e = e.replace(/label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*,\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)/g, (_m, metric: string, label: string) => {
    labels.push(label);
    return ` ${metric} `;
  });
  e = e.replace(/\[[^\]]*\]/g, ' '); // range selectors ([$__rate_interval])
  e = e.replace(/(?<![a-zA-Z0-9_:])\d+(?:\.\d+)?(?:e[-+]?\d+)?/g, ' '); // numbers (1e-9)
  const metrics = [...e.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)].map((m) => m[0]).filter((w) => !FUNCTIONS.has(w) && !/^\d/.test(w));
  return { metrics: [...new Set(metrics)], labels: [...new Set(labels)] };
}

/** Every query of the dashboard: the panels' and the variables'. */
export function dashboardQueries(d: GrafanaDashboard): { where: string; expr: string }[] {
  return [
    ...d.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `${p.title} (${t.refId})`, expr: t.expr }))),
    ...d.templating.list.filter((v) => v.definition).map((v) => ({ where: `variable ${v.name}`, expr: v.definition! })),
  ];
}

/** Every metric name the dashboard's queries read. */
export function queriedMetrics(d: GrafanaDashboard): Set<string> {
  return new Set(dashboardQueries(d).flatMap((q) => queryUse(q.expr).metrics));
}

/** Label names a metric of the registry can carry (its own, the scrape's, and `le` for histogram buckets). */
export function labelsOf(registry: Registry, series: string): Set<string> {
  const base = series.replace(/_(bucket|sum|count)$/, '');
  const metric = (registry.getSingleMetric(series) ?? registry.getSingleMetric(base)) as unknown as { labelNames?: string[] } | undefined;
  const out = new Set([...(metric?.labelNames ?? []), ...SCRAPE_LABELS]);
  if (series.endsWith('_bucket')) out.add('le');
  return out;
}

/** The series names a registry exposes (a histogram's _bucket, _sum and _count). */
export async function exportedMetricNames(registry: Registry): Promise<Set<string>> {
  const names = new Set<string>();
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m.name + s);
  }
  return names;
}

/** The same from a Prometheus text exposition (# TYPE lines). */
export function metricNamesInText(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(m[1]!);
    if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m[1]! + s);
  }
  return names;
}
