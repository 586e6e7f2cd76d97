/**
 * The synthetic corpora of kinds neither development file holds: reproducible, every row a valid
 * address of its kind (the throwaway domains unlisted only in the tables built without them),
 * and the guards: the shipped scorecard sends random tokens at unlisted throwaway domains and
 * names at provider look-alike domains to review or block mostly, and allows people's
 * provider-issued numbers. Names at unlisted throwaway domains are not asserted: from the
 * address alone they read as people (docs/scorecard.md, "Kinds neither file holds").
 */
import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { evaluateHumans } from '../../src/eval/humans.ts';
import { registrableThrowaways, syntheticUnseen, unlearntThrowaways, UNSEEN_FAKE_PATTERNS, UNSEEN_HUMAN_PATTERNS } from '../../src/eval/synthetic-unseen.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { loadDisposableLists } from '../../src/signals/address-tables.ts';
import { addressSignals } from '../../src/signals/address-signals.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const tables = buildJudgeTables();
const throwaways = registrableThrowaways(tables.address.disposable);

describe('registrableThrowaways', () => {
  it('keeps registrable ASCII domains only', () => {
    expect(registrableThrowaways(['tempbox-example.com', 'a.tempbox-example.com', 'x.co.uk', 'mail.example.co.uk', 'bad_domain.com', 'ünï.com'])).toEqual(['tempbox-example.com', 'x.co.uk']);
  });
});

describe('unlearntThrowaways: the domains seen in use that no older list holds', () => {
  it('keeps the registrable domain of each sighting the older lists do not hold, once, sorted', () => {
    const observed = ['zeta-inbox.example', 'alpha-inbox.example', 'u1.peruser-box.example', 'u2.peruser-box.example', 'old-inbox.example', 'x.listed-parent.example', 'listed-host.other.example', 'bad_name.example'];
    const listed = ['old-inbox.example', 'listed-parent.example', 'listed-host.other.example'];
    expect(unlearntThrowaways(observed, listed)).toEqual(['alpha-inbox.example', 'peruser-box.example', 'zeta-inbox.example']);
  });

  it('gives thousands of domains from the shipped lists, none of them on an older list', () => {
    const lists = loadDisposableLists();
    const pool = unlearntThrowaways(lists.observed, lists.listed);
    expect(pool.length).toBeGreaterThan(1_000);
    const older = new Set(lists.listed);
    expect(pool.filter((d) => older.has(d))).toEqual([]);
  });
});

describe('syntheticUnseen', () => {
  it('gives the same rows for the same seed, other rows for another, perPattern of each pattern', () => {
    const a = syntheticUnseen(3, 20, throwaways, 30);
    expect(syntheticUnseen(3, 20, throwaways, 30)).toEqual(a);
    expect(syntheticUnseen(4, 20, throwaways, 30).rows.map((r) => r.email)).not.toEqual(a.rows.map((r) => r.email));
    for (const p of [...UNSEEN_FAKE_PATTERNS, ...UNSEEN_HUMAN_PATTERNS]) expect(a.rows.filter((r) => r.pattern === p)).toHaveLength(20);
    expect(a.unknownDomains.length).toBeGreaterThan(20);
    expect(a.unknownDomains.length).toBeLessThanOrEqual(30);
  });

  it('writes valid addresses of each kind', () => {
    const { rows, unknownDomains } = syntheticUnseen(16, 100, throwaways);
    const unlisted = buildJudgeTables({ notDisposable: unknownDomains });
    for (const r of rows) {
      const parsed = parseAddress(r.email);
      expect(parsed.ok, r.pattern).toBe(true);
      if (!parsed.ok) continue;
      const a = addressSignals(parsed.address, unlisted.address);
      expect(a.impossibleMailbox, r.pattern).toBe(false);
      if (r.group === 'temp-unknown') {
        expect(unknownDomains).toContain(parsed.address.domain);
        expect(addressSignals(parsed.address, tables.address).disposable, r.email.slice(r.email.indexOf('@'))).toBe(true);
        expect(a.disposable).toBe(false);
      }
      if (r.group === 'catchall-lookalike') expect(a.free || a.disposable || a.school).toBe(false);
      if (r.group === 'numeric-native') {
        expect(parsed.address.local).toMatch(/^[1-9][0-9]{4,11}$/);
        expect(a.numericAccount, r.email.slice(r.email.indexOf('@'))).toBe(true);
      }
    }
  });
});

describe('the unseen-kinds guard (shipped scorecard)', () => {
  const { rows, unknownDomains } = syntheticUnseen(16, 500, throwaways);
  const unlisted = buildJudgeTables({ notDisposable: unknownDomains });
  const fakes = evaluateHumans(rows.filter((r) => r.group !== 'numeric-native'), unlisted, BASELINE_SCORECARD);
  const humans = evaluateHumans(rows.filter((r) => r.group === 'numeric-native'), unlisted, BASELINE_SCORECARD);
  const caught = (pattern: string) => {
    const p = fakes.patterns.find((s) => s.name === pattern)!;
    return (p.verdicts.review + p.verdicts.block) / p.rows;
  };

  it('catches 90% of random tokens at unlisted throwaway domains and 90% of names at provider look-alikes', () => {
    expect(fakes.invalid).toBe(0);
    expect(caught('temp-token')).toBeGreaterThanOrEqual(0.9);
    // Everyday-word brands beside mailbox or service words count as imitations (docs/scorecard.md §4, round 12).
    expect(caught('lookalike-brand-word')).toBeGreaterThanOrEqual(0.9);
    expect(caught('lookalike-word-brand')).toBeGreaterThanOrEqual(0.9);
  });

  it('allows QQ numbers and mobile-number mailboxes, the operators\' included', () => {
    expect(humans.invalid).toBe(0);
    expect(humans.overall.verdicts.allow / humans.overall.rows).toBeGreaterThanOrEqual(0.99);
  });
});
