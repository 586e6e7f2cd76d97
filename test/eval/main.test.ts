import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalCli } from '../helpers/eval-cli.ts';
import { population } from '../helpers/population.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailsift-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A labelled file of the synthetic population, every row tagged with `kind`. */
function labelledFile(name: string, n: number, kind: (human: boolean) => string): string {
  const file = join(dir, name);
  writeFileSync(file, population(n).map((p) => JSON.stringify({ email: p.email, label: p.human ? 'human' : 'fake', kind: kind(p.human) })).join('\n') + '\n');
  return file;
}

interface FileReport {
  file: string;
  perKind: { name: string; auc: number }[];
  fakesCaught: number;
  humansBlocked: number;
  halves?: unknown[];
  learned?: { trainedOn: string; learned: { overall: { auc: number } } }[];
}

describe('npm run eval (the command line)', () => {
  it('--json carries every report asked for: --halves and --learned included', async () => {
    const file = labelledFile('labelled.jsonl', 240, (h) => (h ? 'person' : 'bot'));
    const r = await evalCli([file, '--halves', '--learned', '--json']);
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as { model: string; files: FileReport[]; pooled?: unknown };
    expect(j.model).toMatch(/^baseline-v\d+$/);
    expect(j.files).toHaveLength(1);
    const f = j.files[0]!;
    expect(f.file).toBe(file);
    expect(f.halves).toHaveLength(2);
    expect(f.learned?.map((x) => x.trainedOn)).toEqual(['A', 'B']);
    expect(f.learned![0]!.learned.overall.auc).toBeGreaterThan(0.5);
    expect(f.perKind.map((k) => k.name)).toEqual(['bot', 'person']);
    expect(j.pooled).toBeUndefined();
  }, 120_000);

  it('takes several files: one report each, then a headline per file and the files pooled', async () => {
    const a = labelledFile('a.jsonl', 80, (h) => (h ? 'person-a' : 'bot-a'));
    const b = labelledFile('b.jsonl', 60, (h) => (h ? 'person-b' : 'bot-b'));
    // One run: the text on stdout, the JSON (what --json prints) in the --json-out file.
    const jsonFile = join(dir, 'several.json');
    const text = await evalCli([a, b, '--json-out', jsonFile]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain(`== ${a}`);
    expect(text.out).toContain(`== ${b}`);
    expect(text.out).toMatch(/kind person-a\s+AUC/);
    expect(text.out).toMatch(/kind bot-b\s+AUC/);
    expect(text.out).toMatch(new RegExp(`${b.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: AUC overall \\d\\.\\d{3}, gmail\\.com .*, fakes caught \\d+\\.\\d%, humans blocked \\d+\\.\\d%`));
    expect(text.out).toMatch(/all files pooled: AUC overall/);
    const j = JSON.parse(readFileSync(jsonFile, 'utf8')) as { files: FileReport[]; pooled: { rows: number; perKind: { name: string }[] } };
    expect(j.files.map((f) => f.file)).toEqual([a, b]);
    expect(j.pooled.rows).toBe(140);
    expect(j.pooled.perKind.map((k) => k.name)).toEqual(['bot-a', 'bot-b', 'person-a', 'person-b']);
  }, 120_000);

  it('--synthetic adds the synthetic humans per locale group and pattern, in text and in JSON (one run: --json-out)', async () => {
    const file = labelledFile('s.jsonl', 40, (h) => (h ? 'person' : 'bot'));
    // Every synthetic corpus computed once (about 15 s of CPU): the text on stdout, the JSON in the --json-out file.
    const jsonFile = join(dir, 'synthetic.json');
    const text = await evalCli([file, '--synthetic', '--json-out', jsonFile], { timeoutMs: 290_000 });
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/== synthetic humans \(seed \d+, \d+ per locale group/);
    expect(text.out).toMatch(/\n {2}cn\s+\d+\s+\d+\.\d%\s+\d+\.\d%\s+\d+\.\d%/);
    expect(text.out).toMatch(/\n {2}qq-number\s+\d+/);
    expect(text.out).toMatch(/humans blocked \d+\.\d% \(worst group [a-z-]+: \d+\.\d%\)/);
    expect(text.out).toMatch(/== people with names from another source/);
    expect(text.out).toMatch(/\nfalso-unlisted: review \d+\.\d%, blocked \d+\.\d%, mean score \d+\.\d/);
    expect(text.out).toMatch(/== regional people \(seed \d+, \d+ per group/);
    expect(text.out).toMatch(/== synthetic sign-up handles \(seed \d+/);
    expect(text.out).toMatch(/\n {2}plus-token\s+\d+\s+\d+\.\d%/);
    expect(text.out).toMatch(/== synthetic unseen kinds at the domains the older lists had not learnt \(seed \d+, \d+ per pattern: names and tokens at \d+ of the domains fakefilter saw/);
    expect(text.out).toMatch(/\nsouth-african: review \d+\.\d%, blocked \d+\.\d%, mean score \d+\.\d/);
    expect(text.out).toMatch(/== people kinds no other corpus generates \(seed \d+, \d+ per group/);
    expect(text.out).toMatch(/\nstaff-ids: review \d+\.\d%, blocked \d+\.\d%, mean score \d+\.\d/);
    expect(text.out).toMatch(/== fakes at domains registered in bulk \(seed \d+, \d+ per pattern/);
    expect(text.out).toMatch(/== provider tricks, keyboard mashes, serial batches and machine-written local parts at big free mail \(seed \d+, \d+ per pattern/);
    expect(text.out).toMatch(/\n {2}syllable-repeat\s+\d+\s+\d+\.\d%/);
    expect(text.out).toMatch(/== recent phishing and scam senders at big free mail \(seed \d+, \d+ per pattern/);
    expect(text.out).toMatch(/\n {2}brand-lookalike\s+\d+\s+\d+\.\d%/);
    expect(text.out).toMatch(/\nword-surname: review \d+\.\d%, blocked \d+\.\d%, mean score \d+\.\d/);
    expect(text.out).toMatch(/== inbox bursts: k spellings of one inbox within 10 minutes/);
    expect(text.out).toMatch(/== IP bursts: sign-ups of DIFFERENT inboxes at one account/);
    expect(text.out).toMatch(/\n  campus +one IP +50 +60 +[\d.]+% \//);
    expect(text.out).toMatch(/== numbered batches: k inboxes of one numbered stem at one account/);
    expect(text.out).toMatch(/\n  numbered@gmail\.com +own IPs +20 +10 +[\d.]+% \//);
    expect(text.out).toMatch(/\n  people-kinds +10000\/h +\d+ checks, [\d.]+% with a stem \| hour /);
    expect(text.out).toMatch(/\n {2}plus-numbered\s+20\s+\d+\.\d% \(\d+\.\d%\)/);
    const j = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
      files: unknown[];
      synthetic: { seed: number; rows: number; groups: { name: string; blocked: number }[]; crossSource: { rows: number; groups: { name: string; review: number; meanScore: number }[] };
        regional: { rows: number; groups: { name: string; meanScore: number }[] };
        peopleKinds: { rows: number; groups: { name: string }[] };
        farms: { rows: number; groups: { name: string }[] };
        tricks: { rows: number; groups: { name: string }[] };
        phish: { fakes: { rows: number; groups: { name: string }[] }; people: { rows: number; groups: { name: string }[] } };
        inboxBursts: { kind: string; size: number; sequences: number; caughtAt: number[]; aloneAt: number[] }[];
        ipBursts: { kind: string; layout: string; size: number; sequences: number; caughtAt: number[]; blockedAt: number[] }[];
        handles: { rows: number; groups: { name: string }[] };
      };
    };
    expect(j.files).toHaveLength(1);
    expect(j.synthetic.crossSource.groups.map((g) => g.name)).toEqual(['falso', 'falso-unlisted']);
    expect(j.synthetic.crossSource.rows).toBe(3000);
    for (const g of j.synthetic.crossSource.groups) expect(g.meanScore).toBeGreaterThan(50);
    expect(j.synthetic.regional.groups.map((g) => g.name)).toContain('regional-unlisted');
    expect(j.synthetic.regional.rows).toBe(j.synthetic.regional.groups.length * 400);
    expect(j.synthetic.peopleKinds.groups.map((g) => g.name)).toEqual(['campus-ids', 'staff-ids', 'isp-elders', 'eai', 'hobby-year']);
    expect(j.synthetic.peopleKinds.rows).toBe(5 * 500);
    expect(j.synthetic.farms.groups.map((g) => g.name)).toEqual(['bulk-catchall', 'ai-temp']);
    expect(j.synthetic.farms.rows).toBe(4 * 400);
    expect(j.synthetic.tricks.groups.map((g) => g.name)).toEqual(['provider-trick', 'keyboard', 'batch', 'machine']);
    expect(j.synthetic.tricks.rows).toBe(14 * 300);
    expect(j.synthetic.phish.fakes.groups.map((g) => g.name)).toEqual(['brand', 'lure', 'persona']);
    expect(j.synthetic.phish.fakes.rows).toBe(11 * 300);
    expect(j.synthetic.phish.people.groups.map((g) => g.name)).toEqual(['word-surname', 'trade-handle', 'leet-handle', 'lookalike-letters', 'title-like', 'site-handle']);
    expect(j.synthetic.phish.people.rows).toBe(6 * 300);
    expect(j.synthetic.inboxBursts.map((b) => `${b.kind} ${b.size}`)).toEqual(['dotted 2', 'dotted 5', 'dotted 20', 'plus-numbered 2', 'plus-numbered 5', 'plus-numbered 20', 'name-serial 2', 'name-serial 5', 'name-serial 20']);
    for (const b of j.synthetic.inboxBursts) expect([b.sequences, b.caughtAt.length, b.aloneAt.length]).toEqual([100, b.size, b.size]);
    expect(j.synthetic.ipBursts.map((b) => `${b.kind} ${b.layout} ${b.size}`)).toContain('free-name-digits 3 IPs 20');
    for (const b of j.synthetic.ipBursts) expect([b.sequences, b.caughtAt.length, b.blockedAt.length]).toEqual([50, b.size, b.size]);
    expect(j.synthetic.handles.groups.map((g) => g.name)).toEqual(['free-mail', 'unknown-domain']);
    expect(j.synthetic.groups.map((g) => g.name)).toContain('us');
    expect(j.synthetic.rows).toBe(j.synthetic.groups.length * 500);
  }, 300_000);

  it('refuses an unknown option and an unreadable file with exit code 2 (as npm run eval starts it: through tsx)', async () => {
    const [nope, missing] = await Promise.all([evalCli(['--nope'], { via: 'tsx' }), evalCli([join(dir, 'missing.jsonl')], { via: 'tsx' })]);
    expect(nope.code).toBe(2);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot read/);
  }, 120_000);

  it('--single only with --service, its options checked (service-cli.test.ts has every rule): exit code 2 naming the option', async () => {
    const file = labelledFile('single.jsonl', 10, (h) => (h ? 'person' : 'bot'));
    for (const [args, message] of [
      [['--single', file], /--single only with --service/],
      [['--service', '--single', '--concurrency', '0', file], /--concurrency: must be a whole number from 1 to 64/],
      [[file, '--json-out'], /--json-out needs a file to write the JSON report to/],
    ] as const) {
      const r = await evalCli(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(/usage: .*--json-out FILE.*--single \[--order file\|shuffled\]/);
    }
  }, 120_000);
});
