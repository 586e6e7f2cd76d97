// Mailsift as a runner of the peers harness (../shared/bench/peers/lib/harness.mjs): every
// address goes to a running Mailsift over HTTP through POST /v1/check/bulk. Addresses the
// harness has in flight at the same moment (up to its concurrency) share one bulk request, so
// the harness' concurrency means the same thing as for the in-process peers: how many
// addresses are being validated at once. Copied next to the harness by bench/dns-peers.ts.
//
//   MAILSIFT_URL=http://127.0.0.1:PORT MAILSIFT_KEY=... node runners/mailsift.mjs --concurrency 50 --out FILE
import { runBenchmark } from '../lib/harness.mjs';

const url = `${process.env.MAILSIFT_URL}/v1/check/bulk`;
const headers = { authorization: `Bearer ${process.env.MAILSIFT_KEY}`, 'content-type': 'application/json' };
// A bulk request carries at most this many addresses: smaller requests keep one slow domain
// (a cold DNS lookup, a slow server) from holding back the answers of many others.
const MAX_BATCH = Number(process.env.MAILSIFT_BATCH ?? 10);
let queue = [];
let scheduled = false;

async function flush() {
  scheduled = false;
  while (queue.length) void send(queue.splice(0, MAX_BATCH));
}

async function send(batch) {
  try {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ emails: batch.map((b) => b.email) }) });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    body.results.forEach((r, i) => batch[i].resolve(r));
  } catch (err) {
    for (const b of batch) b.reject(err);
  }
}

function check(email) {
  return new Promise((resolve, reject) => {
    queue.push({ email, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}

await runBenchmark({
  runner: 'mailsift',
  peer: `mailsift bulk over HTTP (${process.env.MAILSIFT_URL})`,
  config: { endpoint: 'POST /v1/check/bulk' },
  check,
  // What the comparison is about: Mailsift's answer on the domain (true, false, null = DNS
  // could not tell), or the syntax error it answered instead.
  classify: (r) => (r.error !== undefined ? 'invalid' : `deliverable:${r.deliverable_domain ?? 'null'}`),
});
