/**
 * `npm run eval -- [file.jsonl ...] [--json | --json-out FILE] [--halves] [--learned] [--synthetic] [--service]`: scores labelled files
 * through the API's check path and prints, per file, ROC AUC (overall, gmail.com slice, per
 * kind, per source), each slice's verdict shares, the verdict confusion table, fakes caught
 * (review or block), humans blocked and the invalid-syntax count; with several files, one
 * headline line per file at the end. Without a file it reads the development sets in
 * ../shared/eval (those present). `--halves` adds the headline numbers on two fixed halves of
 * each file (a cross-check that they do not hinge on a few rows). `--learned` fits the
 * trainer's learned model on each half and compares it with the baseline on the other.
 * `--synthetic` adds the verdicts on seeded, in-memory corpora of plausible human addresses
 * (synthetic.ts) per locale group and pattern, and of sign-up bot addresses (synthetic-bots.ts)
 * per generator kind and pattern, of sign-up handles no other corpus generates
 * (synthetic-handles.ts), and of people whose names come from a source the recogniser never
 * reads (cross-source.ts, and regional-people.ts for cultures faker-js covers thinly), and of
 * people kinds no other corpus writes (people-kinds.ts: IDs, ISP elders, EAI, hobby handles):
 * review/block shares and mean score; and of fakes at domains registered in bulk
 * (synthetic-farms.ts), and of provider tricks, keyboard mashes, serial batches and
 * machine-written local parts (synthetic-tricks.ts), and of recent phishing and scam senders at
 * free mail beside people whose addresses hold the same words innocently (synthetic-phish.ts),
 * with the history the service gives
 * sequences of spellings of one inbox (inbox-bursts.ts) and sign-ups behind one IP: farms and
 * people behind a NAT (ip-bursts.ts); it runs without any labelled file too.
 * `--json-out FILE` writes what `--json` prints to FILE and the text report to stdout: one run for
 * both (the synthetic corpora are the run's main cost). `--learning FILE` simulates a customer of the service instead (src/eval/learning-cli.ts).
 * `--service` sends each file through a fresh running service instead and adds what differs
 * from the in-process figures (src/eval/service-cli.ts); `--single` there sends every address as
 * its own check, as a judge may (`--order`, `--seed`, `--concurrency`, `--ip`, `--times`).
 * Shell: reads the files, prints, sets the exit code.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildJudgeTables } from '../check/judge.ts';
import { BASELINE_SCORECARD } from '../model/baseline.ts';
import { useTensorflowCpu } from '../platform/tensorflow.ts';
import { evaluate } from './evaluate.ts';
import { compareLearned } from './learned.ts';
import { learningMain } from './learning-cli.ts';
import { serviceMain, splitSingleArgs } from './service-cli.ts';
import { parseLabelledJsonl, splitHalves, type LabelledRow } from './labelled.ts';
import { formatBotsReport, formatCrossSourceReport, formatHumansReport, formatReport, headline } from './report.ts';
import { loadNameLists } from '../data/name-lists.ts';
import { syntheticBots } from './synthetic-bots.ts';
import { evaluateHumans } from './humans.ts';
import { SYNTHETIC_PER_GROUP, SYNTHETIC_SEED, syntheticHumans } from './synthetic.ts';
import { registrableThrowaways, syntheticUnseen, unlearntThrowaways } from './synthetic-unseen.ts';
import { buildAddressTables, loadDisposableLists } from '../signals/address-tables.ts';
import { burstSlices, peopleBurstSlices } from './burst.ts';
import { REGIONAL_PER_GROUP, REGIONAL_SEED, regionalCultures, regionalHumans } from './regional-people.ts';
import { PEOPLE_KINDS_PER_GROUP, PEOPLE_KINDS_SEED, peopleKinds } from './people-kinds.ts';
import { FARM_PER_PATTERN, FARM_SEED, syntheticFarms } from './synthetic-farms.ts';
import { TRICK_PER_PATTERN, TRICK_SEED, syntheticTricks } from './synthetic-tricks.ts';
import { PHISH_PER_PATTERN, PHISH_SEED, phishContrast, syntheticPhish } from './synthetic-phish.ts';
import { inboxBurstNames, inboxBurstSlices } from './inbox-bursts.ts';
import { ipBurstSlices, numberedBurstSlices, STEM_THRESHOLDS, stemStream } from './ip-bursts.ts';
import { IP_GATEWAY_DOMAINS } from '../model/features.ts';

/** Burst sizes and bursts per size the synthetic section simulates. */
const BURST_SIZES = [20, 50, 200] as const;
const BURSTS = 5;
/** Spellings of one inbox per sequence, and the made-up names (one sequence each) of the inbox-bursts section. */
const INBOX_BURST_SIZES = [2, 5, 20] as const;
const INBOX_BURST_SEED = 16;
const INBOX_BURST_NAMES = 100;
/** Positions of a sequence the text report shows (the JSON has every one). */
const SHOWN_POSITIONS = [1, 2, 3, 4, 5, 10, 20];
/** The IP-bursts section: sequences per line, a farm's sign-ups (within 10 minutes), a NAT's people (over an hour), positions shown. */
const IP_BURST_SEED = 16;
const IP_BURST_SEQUENCES = 50;
const IP_FARM_SIZE = 20;
const IP_PEOPLE_SIZES = [20, 50] as const;
const IP_SHOWN_POSITIONS = [1, 2, 3, 5, 10, 20, 30, 50];
/** Numbered batches of one stem (each check its own IP): batch sizes; the contrast's sign-ups an hour at one account. */
const NUMBERED_SIZES = [5, 20, 50] as const;
const STEM_STREAM_RATES = [1_000, 10_000] as const;
const pctOf = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** An AUC, or n/a when a slice has only one class (as the main table prints it). */
const auc = (x: number): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(3));

/** The development sets, read when no file is named (npm scripts run at the repository root). */
const DEV_SETS = ['dev-labelled.jsonl', 'dev-labelled-v2.jsonl'].map((f) => join('..', 'shared', 'eval', f));
const FLAGS = new Set(['--json', '--halves', '--learned', '--synthetic', '--service', '--single']);
const USAGE = 'usage: npm run eval -- [labelled.jsonl ...] [--json | --json-out FILE] [--halves] [--learned] [--synthetic] | [--service [--single [--order file|shuffled] [--seed N] [--concurrency N] [--ip ADDRESS] [--times N]] [--halves] [--json]]';


/**
 * The cross-source people: falso's names, and those of them the recogniser's lists (names and
 * words) lack. Imported here only: falso is a devDependency, and the other modes need it not.
 */
async function crossSourceRows() {
  const { CROSS_SOURCE_PER_GROUP, CROSS_SOURCE_SEED, crossSourceHumans, falsoNamePools } = await import('./cross-source.ts');
  const lists = loadNameLists();
  const rows = crossSourceHumans(CROSS_SOURCE_SEED, CROSS_SOURCE_PER_GROUP, falsoNamePools(), new Set([...lists.first, ...lists.last, ...lists.words]));
  return { rows, title: `== people with names from another source (seed ${CROSS_SOURCE_SEED}, ${CROSS_SOURCE_PER_GROUP} per group: @ngneat/falso names, all and those our lists lack, x 8 patterns at big free-mail providers)` };
}

/**
 * Sign-up handles no other corpus generates, at free mail and at the unseen kinds' unlisted
 * throwaway domains. Imported here only: unique-names-generator is a devDependency.
 */
async function handleRows(unknownDomains: readonly string[]) {
  const { HANDLE_PER_PATTERN, syntheticHandles } = await import('./synthetic-handles.ts');
  const { adjectives, animals, colors } = await import('unique-names-generator');
  const lists = loadNameLists();
  return syntheticHandles(SYNTHETIC_SEED, HANDLE_PER_PATTERN, { adjectives: [...adjectives, ...colors], nouns: animals }, unknownDomains, new Set([...lists.first, ...lists.last]));
}

/** The regional people: Python Faker's names of cultures faker-js covers thinly, at their regions' providers. */
function regionalRows() {
  const lists = loadNameLists();
  const rows = regionalHumans(REGIONAL_SEED, REGIONAL_PER_GROUP, regionalCultures(), new Set([...lists.first, ...lists.last, ...lists.words]));
  return { rows, title: `== regional people (seed ${REGIONAL_SEED}, ${REGIONAL_PER_GROUP} per group: names of cultures faker-js covers thinly, from Python Faker's locales, x 8 patterns at each region's providers; regional-unlisted: the names our lists lack)` };
}

async function main(all: readonly string[]): Promise<number> {
  if (all.includes('--learning')) return learningMain(all);
  const split = splitSingleArgs(all);
  const at = split.rest.indexOf('--json-out');
  const jsonOut = at < 0 ? undefined : split.rest[at + 1];
  const argv = at < 0 ? split.rest : split.rest.filter((_, i) => i !== at && i !== at + 1);
  if (at >= 0 && (jsonOut === undefined || jsonOut.startsWith('--'))) {
    console.error('eval: --json-out needs a file to write the JSON report to');
    console.error(USAGE);
    return 2;
  }
  if (jsonOut !== undefined && argv.includes('--json')) {
    console.error('eval: --json-out or --json, not both (--json-out writes the JSON to its file and the text to stdout)');
    console.error(USAGE);
    return 2;
  }
  if ('error' in split) {
    console.error(`eval: ${split.error}`);
    console.error(USAGE);
    return 2;
  }
  if (argv.includes('--single') && !argv.includes('--service')) {
    console.error('eval: --single only with --service');
    console.error(USAGE);
    return 2;
  }
  const unknown = argv.filter((a) => a.startsWith('--') && !FLAGS.has(a));
  if (unknown.length > 0) {
    console.error(`eval: unknown option ${unknown[0]}`);
    console.error(USAGE);
    return 2;
  }
  const synthetic = argv.includes('--synthetic');
  if (argv.includes('--service') && jsonOut !== undefined) {
    console.error('eval: --json-out with the in-process report only (--service has --json)');
    console.error(USAGE);
    return 2;
  }
  if (argv.includes('--service') && (synthetic || argv.includes('--learned'))) {
    console.error('eval: --service scores labelled files only (not with --learned or --synthetic)');
    console.error(USAGE);
    return 2;
  }
  let files = argv.filter((a) => !FLAGS.has(a));
  if (files.length === 0) {
    files = DEV_SETS.filter((f) => existsSync(f));
    if (files.length === 0 && !synthetic) {
      console.error('eval: no file given and no development set in ../shared/eval');
      console.error(USAGE);
      return 2;
    }
  }
  const sets: { file: string; rows: LabelledRow[] }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      console.error(`eval: cannot read ${file}: ${(e as Error).message}`);
      return 2;
    }
    try {
      sets.push({ file, rows: parseLabelledJsonl(text) });
    } catch (e) {
      console.error(`eval: ${file}: ${(e as Error).message}`);
      return 2;
    }
  }
  const tables = buildJudgeTables();
  const name = `${BASELINE_SCORECARD.name}-v${BASELINE_SCORECARD.version}`;
  if (argv.includes('--service')) return serviceMain(sets, argv, tables, BASELINE_SCORECARD, name, argv.includes('--single') ? split.single : undefined);
  if (argv.includes('--learned')) await useTensorflowCpu();
  const results = [];
  for (const { file, rows } of sets) {
    const report = evaluate(rows, tables, BASELINE_SCORECARD);
    const halves = argv.includes('--halves') ? splitHalves(rows).map((half) => evaluate(half, tables, BASELINE_SCORECARD)) : undefined;
    const learned = argv.includes('--learned') ? (await compareLearned(rows, tables, BASELINE_SCORECARD)).folds : undefined;
    results.push({ file, report, halves, learned });
  }
  // Several files together: each kind ranked against every file's rows of the other label.
  const pooled = sets.length > 1 ? evaluate(sets.flatMap((s) => s.rows), tables, BASELINE_SCORECARD) : undefined;
  const humanRows = synthetic ? syntheticHumans(SYNTHETIC_SEED, SYNTHETIC_PER_GROUP) : undefined;
  const humans = humanRows ? evaluateHumans(humanRows, tables, BASELINE_SCORECARD) : undefined;
  const cross = synthetic ? await crossSourceRows() : undefined;
  const crossSource = cross ? evaluateHumans(cross.rows, tables, BASELINE_SCORECARD) : undefined;
  const region = synthetic ? regionalRows() : undefined;
  const regional = region ? evaluateHumans(region.rows, tables, BASELINE_SCORECARD) : undefined;
  const kinds = synthetic ? evaluateHumans(peopleKinds(PEOPLE_KINDS_SEED, PEOPLE_KINDS_PER_GROUP), tables, BASELINE_SCORECARD) : undefined;
  const farms = synthetic ? evaluateHumans(syntheticFarms(FARM_SEED, FARM_PER_PATTERN), tables, BASELINE_SCORECARD) : undefined;
  const tricks = synthetic ? evaluateHumans(syntheticTricks(TRICK_SEED, TRICK_PER_PATTERN), tables, BASELINE_SCORECARD) : undefined;
  const phish = synthetic ? evaluateHumans(syntheticPhish(PHISH_SEED, PHISH_PER_PATTERN), tables, BASELINE_SCORECARD) : undefined;
  const phishPeople = synthetic ? evaluateHumans(phishContrast(PHISH_SEED, PHISH_PER_PATTERN), tables, BASELINE_SCORECARD) : undefined;
  const inboxBursts = synthetic ? inboxBurstSlices(inboxBurstNames(INBOX_BURST_SEED, INBOX_BURST_NAMES), ['gmail.com', 'outlook.com', 'hotmail.com'], INBOX_BURST_SIZES, tables, BASELINE_SCORECARD) : undefined;
  const ipBursts = synthetic ? ipBurstSlices(IP_BURST_SEED, IP_BURST_SEQUENCES, IP_FARM_SIZE, IP_PEOPLE_SIZES, tables, BASELINE_SCORECARD) : undefined;
  const numberedBursts = synthetic ? numberedBurstSlices(IP_BURST_SEED, IP_BURST_SEQUENCES, NUMBERED_SIZES, tables, BASELINE_SCORECARD) : undefined;
  const stemStreams = synthetic ? (['regions', 'people-kinds'] as const).flatMap((source) => STEM_STREAM_RATES.map((rate) => stemStream(source, IP_BURST_SEED, rate, tables, BASELINE_SCORECARD))) : undefined;
  const bots = synthetic ? evaluateHumans(syntheticBots(SYNTHETIC_SEED, SYNTHETIC_PER_GROUP), tables, BASELINE_SCORECARD) : undefined;
  // Kinds neither file holds: throwaway domains scored as a list that does not know them yet would.
  // The older lists' own domains, as earlier rounds measured them (the sample stays the same
  // when a list is added), and the domains temporary-mail services were seen handing out that
  // those lists had not learnt (fakefilter's recent sightings): today's next domains.
  const disposableLists = synthetic ? loadDisposableLists() : undefined;
  const unseen = disposableLists ? syntheticUnseen(SYNTHETIC_SEED, SYNTHETIC_PER_GROUP, registrableThrowaways(new Set(disposableLists.listed))) : undefined;
  const unseenTables = unseen ? buildJudgeTables({ notDisposable: unseen.unknownDomains }) : undefined;
  const unseenFakes = unseen && unseenTables ? evaluateHumans(unseen.rows.filter((r) => r.group !== 'numeric-native'), unseenTables, BASELINE_SCORECARD) : undefined;
  const unlearnt = disposableLists ? syntheticUnseen(SYNTHETIC_SEED, SYNTHETIC_PER_GROUP, unlearntThrowaways(disposableLists.observed, disposableLists.listed)) : undefined;
  // Only the disposable table differs: the name tables are the same as every other corpus's.
  const unlearntTables = unlearnt ? { address: buildAddressTables({ notDisposable: unlearnt.unknownDomains }), names: tables.names } : undefined;
  const unlearntFakes = unlearnt && unlearntTables ? evaluateHumans(unlearnt.rows.filter((r) => r.group === 'temp-unknown'), unlearntTables, BASELINE_SCORECARD) : undefined;
  const unseenHumans = unseen && unseenTables ? evaluateHumans(unseen.rows.filter((r) => r.group === 'numeric-native'), unseenTables, BASELINE_SCORECARD) : undefined;
  const bursts = unseen && unseenTables
    ? burstSlices(unseen.rows.filter((r) => r.group === 'temp-unknown'), unseen.unknownDomains, BURST_SIZES, BURSTS, unseenTables, BASELINE_SCORECARD)
    : undefined;
  // The contrast: people arriving together (a company's staff, people at big free mail).
  const peopleBursts = humanRows
    ? peopleBurstSlices(SYNTHETIC_SEED, BURSTS, humanRows.filter((r) => r.email.endsWith('@gmail.com')).map((r) => r.email.slice(0, r.email.lastIndexOf('@'))), tables, BASELINE_SCORECARD)
    : undefined;
  const handles = unseen && unseenTables ? await handleRows(unseen.unknownDomains) : undefined;
  const handleFakes = handles && unseenTables ? evaluateHumans(handles, unseenTables, BASELINE_SCORECARD) : undefined;
  if (argv.includes('--json') || jsonOut !== undefined) {
    const files = results.map(({ file, report, halves, learned }) => ({ file, ...report, ...(halves ? { halves } : {}), ...(learned ? { learned } : {}) }));
    const syntheticJson = humans ? { synthetic: { seed: SYNTHETIC_SEED, perGroup: SYNTHETIC_PER_GROUP, ...humans, crossSource, regional, peopleKinds: kinds, farms, tricks, phish: { fakes: phish, people: phishPeople }, inboxBursts, ipBursts, numberedBursts, stemStreams, bots, unseen: { fakes: unseenFakes, humans: unseenHumans, unlearnt: unlearntFakes, bursts, peopleBursts }, handles: handleFakes } } : {};
    const json = JSON.stringify({ model: name, files, ...(pooled ? { pooled } : {}), ...syntheticJson }, null, 2);
    if (jsonOut === undefined) {
      console.log(json);
      return 0;
    }
    // Byte for byte what --json prints; the text report follows on stdout.
    try {
      writeFileSync(jsonOut, `${json}\n`);
    } catch (e) {
      console.error(`eval: cannot write ${jsonOut}: ${(e as Error).message}`);
      return 2;
    }
  }
  for (const [i, { file, report, halves, learned }] of results.entries()) {
    if (i > 0) console.log('');
    console.log(`== ${file}`);
    console.log(formatReport(report, name));
    halves?.forEach((h, k) => {
      console.log(`half ${'AB'[k]}: ${h.scored} scored, ${headline(h)}`);
    });
    if (learned) {
      console.log('\nlearned model (the trainer\'s fit on one half, scored on the other; address features only)');
      for (const f of learned) {
        const line = (r: typeof f.baseline): string => `AUC ${auc(r.overall.auc)}, gmail.com ${auc(r.gmail.auc)}, humans blocked ${(100 * r.humansBlocked).toFixed(1)}%`;
        console.log(`  trained on ${f.trainedOn} (${f.examples} outcomes, prior strength ${f.l2}): baseline ${line(f.baseline)} | learned ${line(f.learned)}`);
      }
    }
  }
  if (pooled) {
    console.log('\nsummary');
    for (const { file, report } of results) console.log(`  ${file}: ${headline(report)}`);
    console.log(`  all files pooled: ${headline(pooled)}`);
    const kinds = pooled.perKind.map((k) => `${k.name} ${auc(k.auc)}`).join(', ');
    console.log(`  pooled AUC per kind (against every file's rows of the other label): ${kinds}`);
  }
  if (humans) {
    if (results.length > 0) console.log('');
    const title = `== synthetic humans (seed ${SYNTHETIC_SEED}, ${SYNTHETIC_PER_GROUP} per locale group: faker names x common patterns x each region's providers)`;
    console.log(formatHumansReport(humans, title));
  }
  if (crossSource && cross) {
    console.log('');
    console.log(formatCrossSourceReport(crossSource, cross.title));
  }
  if (regional && region) {
    console.log('');
    console.log(formatCrossSourceReport(regional, region.title));
  }
  if (kinds) {
    console.log('');
    console.log(formatCrossSourceReport(kinds, `== people kinds no other corpus generates (seed ${PEOPLE_KINDS_SEED}, ${PEOPLE_KINDS_PER_GROUP} per group: university and company IDs, older consumers at ISPs, internationalised local parts, hobby handles)`));
  }
  if (farms) {
    console.log('');
    console.log(formatBotsReport(farms, `== fakes at domains registered in bulk (seed ${FARM_SEED}, ${FARM_PER_PATTERN} per pattern: generated names at word-pair catch-all domains, AI sign-up bots at random-letter domains, cheap suffixes; DNS off)`));
  }
  if (tricks) {
    console.log('');
    console.log(formatBotsReport(tricks, `== provider tricks, keyboard mashes, serial batches and machine-written local parts at big free mail (seed ${TRICK_SEED}, ${TRICK_PER_PATTERN} per pattern; each mailbox one its provider accepts)`));
  }
  if (phish && phishPeople) {
    console.log('');
    console.log(formatBotsReport(phish, `== recent phishing and scam senders at big free mail (seed ${PHISH_SEED}, ${PHISH_PER_PATTERN} per pattern: brands with desks and look-alike letters, invoice/payroll, delivery, crypto-recovery and prize lures, scam personas; each mailbox one its provider accepts)`));
    console.log('');
    console.log(formatCrossSourceReport(phishPeople, `== the contrast: people whose addresses hold the same words or letters innocently (seed ${PHISH_SEED}, ${PHISH_PER_PATTERN} per pattern: family names that are service words, trades, leet handles, names with rn/cl/vv, names that begin as a title does)`));
  }
  if (inboxBursts) {
    console.log('');
    console.log(`== inbox bursts: k spellings of one inbox within 10 minutes at big free mail, each check with the history the service would give it (alias_variants, sign-ups at the domain); ${INBOX_BURST_NAMES} made-up names (seed ${INBOX_BURST_SEED}), one sequence each`);
    console.log('  name-serial: a name + serial is a DIFFERENT inbox each time, linked only by its numbered stem (numbered_burst, feature version 18; before it, only an IP would)');
    console.log(`  kind              k   caught at position ${SHOWN_POSITIONS.join(' / ')} (each alone, no history)`);
    for (const b of inboxBursts) {
      const at = SHOWN_POSITIONS.filter((p) => p <= b.size).map((p) => `${pctOf(b.caughtAt[p - 1]!)} (${pctOf(b.aloneAt[p - 1]!)})`).join(' / ');
      console.log(`  ${b.kind.padEnd(15)}${String(b.size).padStart(4)}   ${at}`);
    }
  }
  if (ipBursts) {
    console.log('');
    console.log(`== IP bursts: sign-ups of DIFFERENT inboxes at one account, each check with the history the service would give it (signups_from_ip per IP, sign-ups at the domain); ${IP_BURST_SEQUENCES} sequences per line (seed ${IP_BURST_SEED}), a settled deployment with no one else at the domains`);
    console.log(`  farms: ${IP_FARM_SIZE} within 10 minutes with no IP (the domain's wave alone), behind one IP, behind 3 taking turns; rotating-N: the free-name-digits farm behind one IP rotating N free providers (ip_burst is 0 at an IP whose 10 minutes hold ${IP_GATEWAY_DOMAINS}+ domains); people (the contrast): one NAT over an hour, a campus of every region at their providers, an office at its company's domain, a university's students in the one mailbox shape it assigns (its own domain); list-replay: the largest campus within 10 minutes behind one IP, as held addresses replayed with one fixed ip (a judge's machine) arrive`);
    console.log(`  kind              IPs       k  min   review or block at position ${IP_SHOWN_POSITIONS.join(' / ')}   | all: review or block (alone), block`);
    for (const b of ipBursts) {
      const at = IP_SHOWN_POSITIONS.filter((p) => p <= b.size).map((p) => pctOf(b.caughtAt[p - 1]!)).join(' / ');
      console.log(`  ${b.kind.padEnd(17)}${b.layout.padEnd(7)}${String(b.size).padStart(4)}${String(b.minutes).padStart(5)}   ${at}   | ${pctOf(b.caught)} (${pctOf(b.caughtAlone)}), ${pctOf(b.blocked)}`);
    }
  }
  if (numberedBursts && stemStreams) {
    console.log('');
    console.log(`== numbered batches: k inboxes of one numbered stem at one account (annaberg0001, annaberg0002, ...; mark.hollis17, mark.hollis18, ... in turn), every check from an IP of its own, with the history the service would give it; ${IP_BURST_SEQUENCES} batches per line (seed ${IP_BURST_SEED}), at gmail.com or at an unlisted domain of the farm's own, within 10 minutes or an hour`);
    console.log(`  kind                IPs       k  min   review or block at position ${IP_SHOWN_POSITIONS.join(' / ')}   | all: review or block (alone), block`);
    for (const b of numberedBursts) {
      const at = IP_SHOWN_POSITIONS.filter((p) => p <= b.size).map((p) => pctOf(b.caughtAt[p - 1]!)).join(' / ');
      console.log(`  ${b.kind.padEnd(19)}${b.layout.padEnd(8)}${String(b.size).padStart(4)}${String(b.minutes).padStart(5)}   ${at}   | ${pctOf(b.caught)} (${pctOf(b.caughtAlone)}), ${pctOf(b.blocked)}`);
    }
    console.log(`  the contrast: people at one account over an hour (no IP) who share a numbered stem by chance; share seeing ${STEM_THRESHOLDS.join(' / ')}+ of their stem, and whose verdict the stem counts alone move`);
    for (const s of stemStreams) {
      console.log(`  ${s.source.padEnd(13)}${String(s.perHour).padStart(6)}/h  ${s.checks} checks, ${pctOf(s.stemmed)} with a stem | hour ${s.hourAtLeast.map(pctOf).join(' / ')} | 10 min ${s.recentAtLeast.map(pctOf).join(' / ')} | verdict moved ${pctOf(s.moved)} (to block ${pctOf(s.movedToBlock)})`);
    }
  }
  if (bots) {
    console.log('');
    console.log(formatBotsReport(bots, `== synthetic bots (seed ${SYNTHETIC_SEED}, ${SYNTHETIC_PER_GROUP} per pattern: temporary-mail tokens and generated names at domains with no history, farms at free providers)`));
  }
  if (unseenFakes && unseenHumans && bursts && unseen) {
    console.log('');
    console.log(formatBotsReport(unseenFakes, `== synthetic unseen kinds, fakes (seed ${SYNTHETIC_SEED}, ${SYNTHETIC_PER_GROUP} per pattern: names and tokens at ${unseen.unknownDomains.length} throwaway domains scored as unlisted, names at provider look-alike domains)`));
    if (unlearntFakes && unlearnt) {
      console.log('');
      console.log(formatBotsReport(unlearntFakes, `== synthetic unseen kinds at the domains the older lists had not learnt (seed ${SYNTHETIC_SEED}, ${SYNTHETIC_PER_GROUP} per pattern: names and tokens at ${unlearnt.unknownDomains.length} of the domains fakefilter saw temporary-mail services hand out and neither mailchecker nor disposable-email-domains-js holds, scored as unlisted)`));
    }
    console.log('');
    console.log(formatHumansReport(unseenHumans, `== synthetic unseen kinds, humans (seed ${SYNTHETIC_SEED}, ${SYNTHETIC_PER_GROUP} per pattern: the provider's numbering as the mailbox)`));
    if (handleFakes) {
      console.log('');
      console.log(formatBotsReport(handleFakes, `== synthetic sign-up handles (seed ${SYNTHETIC_SEED}, per pattern at big free mail and at the unlisted throwaway domains: word pairs, syllables with digits, a name with a random tail, Gmail dot tricks, random + tags)`));
    }
    console.log('');
    console.log(`== bursts at one unlisted throwaway domain within 10 minutes, with the history facts the service would give each check (${BURSTS} bursts per line)`);
    console.log('  pattern             size   DNS off caught   DNS on (takes mail) caught');
    for (const b of bursts.filter((x) => x.dns === 'off')) {
      const on = bursts.find((x) => x.pattern === b.pattern && x.size === b.size && x.dns === 'on')!;
      console.log(`  ${b.pattern.padEnd(18)}${String(b.size).padStart(6)}${pctOf(b.caught).padStart(17)}${pctOf(on.caught).padStart(29)}`);
    }
    if (peopleBursts) {
      console.log('  the contrast, people arriving together (review / block): companies signing up their staff (one pattern, a made-up company domain: DNS off, on, hosted at Google),');
      console.log(`  and people at gmail.com beside a small deployment's usual level there (${BURSTS} bursts per line)`);
      for (const b of peopleBursts) {
        console.log(`  ${b.kind.padEnd(15)}${String(b.size).padStart(5)}  ${b.when.padEnd(13)} DNS ${b.dns.padEnd(7)}${pctOf(b.review).padStart(8)} / ${pctOf(b.block)}`);
      }
    }
  }
  return 0;
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code));
