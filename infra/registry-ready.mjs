// Registry readiness probe used by infra/registry-start.sh.
// Ready means: GET <url>/subjects answers 200 with a JSON array, and GET <url>/config reports BACKWARD.
// Apicurio applies `apicurio.rules.global.compatibility=BACKWARD` but 3.0.x's Confluent API still reports "NONE"
// for the global config, so when it does we PUT the global config once: clients that read it see the truth, and
// it proves config writes work (@kafkajs/confluent-schema-registry's register() PUTs the subject config).
// Usage: node infra/registry-ready.mjs <ccompat url> [timeoutSeconds=90] [pid file to watch]
import { readFileSync } from 'node:fs';

const base = (process.argv[2] ?? 'http://127.0.0.1:18081/apis/ccompat/v7').replace(/\/+$/, '');
const timeoutMs = Number(process.argv[3] ?? 90) * 1000;
const pidFile = process.argv[4];
const JSON_TYPE = 'application/vnd.schemaregistry.v1+json';

function processGone() {
  if (pidFile === undefined) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 0);
    return false;
  } catch {
    return true;
  }
}

async function call(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { accept: JSON_TYPE, ...(body ? { 'content-type': JSON_TYPE } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(3000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

const started = Date.now();
let lastError = 'no attempt';
while (Date.now() - started < timeoutMs) {
  if (processGone()) {
    console.error('registry process exited during start-up');
    process.exit(1);
  }
  try {
    const subjects = await call('GET', '/subjects');
    if (!Array.isArray(subjects)) throw new Error('GET /subjects did not return an array');
    let { compatibilityLevel } = await call('GET', '/config');
    if (compatibilityLevel !== 'BACKWARD') {
      // (Confluent answers a PUT with {compatibility}, Apicurio 3.0.x with {compatibilityLevel}: read it back instead)
      await call('PUT', '/config', { compatibility: 'BACKWARD' });
      ({ compatibilityLevel } = await call('GET', '/config'));
      if (compatibilityLevel !== 'BACKWARD') throw new Error(`global compatibility stays ${compatibilityLevel}`);
    }
    console.log(`registry ready at ${base}: ${subjects.length} subject(s), global compatibility ${compatibilityLevel} (${Date.now() - started} ms)`);
    process.exit(0);
  } catch (err) {
    lastError = err instanceof Error ? err.message : String(err);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.error(`registry not ready at ${base} after ${timeoutMs / 1000}s: ${lastError}`);
process.exit(1);
