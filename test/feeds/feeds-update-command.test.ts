import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runFeedsUpdate } from '../../src/feeds/feeds-update-command.ts';
import { describeShared } from '../helpers/shared.ts';
import { sendBody, startFeedServer, status, type FeedServer } from './feed-server.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from './ip-fixtures.ts';

describeShared(IP_FIXTURES, 'runFeedsUpdate (mailsift feeds update)', () => {
  let server: FeedServer;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mailsift-feeds-cmd-'));
    server = await startFeedServer();
    server.route('/tor.txt', sendBody(readIpFixture(FIXTURE_FILES.tor)));
    server.route('/gcp.json', sendBody(readIpFixture(FIXTURE_FILES.google_cloud)));
    server.route('/404', status(404));
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const run = async (urls: Record<string, string>) => {
    const lines: string[] = [];
    const code = await runFeedsUpdate({ dataDir: mkdtempSync(join(root, 'd-')), urls, timeoutMs: 5_000 }, (l) => lines.push(l));
    return { code, lines };
  };

  it('exits 0 when every configured feed updated, and says which are not configured', async () => {
    const { code, lines } = await run({ aws: 'off', digital_ocean: 'off', rdap: 'off', tor: server.url('/tor.txt'), google_cloud: server.url('/gcp.json') });
    expect(code).toBe(0);
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.startsWith('tor'))).toMatch(/^tor\s+ok\s+1174 entries from http:\/\/127\.0\.0\.1:\d+\/tor\.txt$/);
    expect(lines.find((l) => l.startsWith('azure'))).toMatch(/not configured: set MAILSIFT_FEEDS_URL_AZURE to enable$/);
    // A feed with an official URL is skipped only because its variable says so.
    expect(lines.find((l) => l.startsWith('digital_ocean'))).toMatch(/^digital_ocean\s+switched off \(MAILSIFT_FEEDS_URL_DIGITAL_OCEAN=off\)$/);
  });

  it('exits 1 when a configured feed failed', async () => {
    const { code, lines } = await run({ aws: 'off', digital_ocean: 'off', google_cloud: 'off', tor: server.url('/404') });
    expect(code).toBe(1);
    expect(lines.find((l) => l.startsWith('tor'))).toMatch(/^tor\s+FAILED\s+HTTP 404; no good copy yet$/);
  });
});
