/**
 * deploy/grafana/mailsift.json: a well-formed Grafana dashboard whose every query names only
 * metrics the service really exports, read from the running service's metrics registry (the
 * embedded service with DNS on, against the loopback DNS server; the one Kafka-only metric is
 * checked on a Kafka-mode API instance by test/kafka/stats.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { startInProcess, type InProcess } from '../helpers/in-process.ts';
import { REPO_ROOT } from '../helpers/shared.ts';
import { dashboardQueries, exportedMetricNames, GRAFANA_KAFKA_ONLY, grafanaDashboard, labelsOf, queriedMetrics, queryUse } from '../helpers/grafana.ts';

let dns: TestDnsServer;
let svc: InProcess;
beforeAll(async () => {
  dns = await startDnsServer({});
  svc = await startInProcess({ MAILSIFT_DNS: 'on', MAILSIFT_DNS_SERVERS: dns.server, MAILSIFT_DNS_CANARY: 'off' });
}, 60_000);
afterAll(async () => {
  await svc?.close();
  await dns?.close();
});

describe('Grafana dashboard', () => {
  const dash = grafanaDashboard();

  it('is a dashboard Grafana imports: unique panel ids, grid positions, a Prometheus data source variable, queries with ref ids', () => {
    expect(dash).toMatchObject({ uid: 'mailsift-service', title: 'Mailsift', schemaVersion: expect.any(Number) });
    expect(dash.templating.list.map((v) => v.name)).toEqual(['datasource', 'job', 'instance']);
    const ids = dash.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of dash.panels) {
      expect(p.gridPos.w + p.gridPos.x, p.title).toBeLessThanOrEqual(24);
      if (p.type === 'row') continue;
      expect(p.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(p.targets!.length, p.title).toBeGreaterThan(0);
      for (const t of p.targets!) {
        expect(t.refId).toMatch(/^[A-Z]$/);
        expect(t.expr.length).toBeGreaterThan(10);
      }
    }
    // What the issue asks operators to see.
    const titles = dash.panels.map((p) => p.title.toLowerCase()).join('\n');
    for (const topic of ['requests', 'latency', 'verdicts', 'events written', 'streams lag', 'replica lag', 'dns', 'feed']) expect(titles).toContain(topic);
  });

  it('every panel queries metrics the service exports, and nothing else', async () => {
    const exported = await exportedMetricNames(svc.ctx.metrics.registry);
    const queried = queriedMetrics(dash);
    expect(queried.size).toBeGreaterThan(10);
    const missing = [...queried].filter((m) => !exported.has(m) && !GRAFANA_KAFKA_ONLY.includes(m));
    expect(missing).toEqual([]);
    // The Kafka-only ones really are absent here (else they need no special case).
    for (const m of GRAFANA_KAFKA_ONLY) expect(exported.has(m)).toBe(false);
    // Every label a query matches on or groups by is one its metrics carry (else the panel shows nothing).
    for (const q of dashboardQueries(dash)) {
      const use = queryUse(q.expr);
      const known = new Set(use.metrics.flatMap((m) => [...labelsOf(svc.ctx.metrics.registry, m)]));
      if (use.metrics.some((m) => GRAFANA_KAFKA_ONLY.includes(m))) continue;
      expect(use.labels.filter((l) => !known.has(l)), q.where).toEqual([]);
    }
    // And the file on disk is what the helper read.
    expect(JSON.parse(readFileSync(join(REPO_ROOT, 'deploy', 'grafana', 'mailsift.json'), 'utf8'))).toEqual(dash);
  });
});
