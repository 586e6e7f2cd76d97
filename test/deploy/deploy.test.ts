/**
 * The operations files stay true to the code: deploy/topics.json is the topic plan, and every
 * environment variable docker-compose.yml and the Kubernetes manifests give Mailsift exists in
 * the configuration schema (a typo there would silently run with a default).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { SETTINGS } from '../../src/config/schema.ts';
import { renderTopicPlan } from '../../scripts/write-topic-plan.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const KNOWN = new Set(Object.values(SETTINGS).map((s) => s.env));
const read = (p: string): string => readFileSync(join(REPO_ROOT, p), 'utf8');
const docs = (p: string): Record<string, any>[] => parseAllDocuments(read(p), { merge: true }).map((d) => d.toJS() as Record<string, any>);

describe('deploy/', () => {
  it('topics.json is the current topic plan (npm run deploy:topics)', () => {
    expect(read('deploy/topics.json')).toBe(renderTopicPlan());
  });

  const manifests = readdirSync(join(REPO_ROOT, 'deploy/k8s')).filter((f) => f.endsWith('.yaml'));
  const all = manifests.flatMap((f) => docs(`deploy/k8s/${f}`).map((d) => ({ file: f, doc: d })));

  it('has an API Deployment, a streams StatefulSet with a state volume, a trainer and the topics job', () => {
    const kinds = all.map(({ doc }) => `${doc.kind}/${doc.metadata?.name}`);
    expect(kinds).toEqual(expect.arrayContaining(['Deployment/mailsift-api', 'StatefulSet/mailsift-streams', 'Deployment/mailsift-trainer', 'Job/mailsift-topics', 'ConfigMap/mailsift-config', 'Secret/mailsift-secrets']));
    const streams = all.find(({ doc }) => doc.kind === 'StatefulSet')!.doc;
    expect(streams.spec.volumeClaimTemplates[0].metadata.name).toBe('state');
  });

  it('every variable the manifests set is a Mailsift setting', () => {
    const seen: string[] = [];
    for (const { doc } of all) {
      if (doc.kind === 'ConfigMap') seen.push(...Object.keys(doc.data ?? {}));
      if (doc.kind === 'Secret') seen.push(...Object.keys(doc.stringData ?? {}));
      const pod = doc.spec?.template?.spec;
      for (const c of pod?.containers ?? []) seen.push(...(c.env ?? []).map((e: { name: string }) => e.name));
    }
    expect(seen.length).toBeGreaterThan(10);
    for (const name of seen) expect(KNOWN.has(name), name).toBe(true);
  });

  it('every variable docker-compose.yml gives a Mailsift service is a Mailsift setting', () => {
    const compose = docs('docker-compose.yml')[0]!;
    const services = Object.entries(compose.services as Record<string, any>).filter(([, s]) => s.build?.dockerfile === 'deploy/Dockerfile');
    expect(services.map(([n]) => n).sort()).toEqual(['api-1', 'api-2', 'streams', 'trainer']);
    for (const [name, s] of services) {
      for (const key of Object.keys(s.environment ?? {})) expect(KNOWN.has(key), `${name}: ${key}`).toBe(true);
      expect(['api', 'streams', 'trainer']).toContain(s.environment.MAILSIFT_ROLES);
    }
  });
});
