import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, buildJudgeTables, judge, type JudgeTables } from '../../src/check/judge.ts';
import type { ParsedAddress } from '../../src/domain/check.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { buildFeatures, FEATURE_INDEX } from '../../src/model/features.ts';
import { REASON_CODES } from '../../src/model/reasons.ts';
import { scoreFeatures } from '../../src/model/score.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

let tables: JudgeTables;
beforeAll(() => {
  tables = buildJudgeTables();
});

function parsed(email: string): ParsedAddress {
  const p = parseAddress(email);
  if (!p.ok) throw new Error(`fixture must parse: ${p.error}`);
  return p.address;
}
const scoreOf = (email: string, facts = {}) => judge(analyze(parsed(email), tables), facts, BASELINE_SCORECARD).score;

describe('analyze', () => {
  it('combines address and local-part signals of the parsed address', () => {
    const a = analyze(parsed('Anna.Schmidt@Example-Firm.de'), tables);
    expect(a.parsed.local).toBe('anna.schmidt');
    expect(a.local.shape).toBe('first.last');
    expect(a.address.disposable).toBe(false);
  });
});

describe('judge', () => {
  it('is scoreFeatures(buildFeatures(...)): one path, nothing added on the side', () => {
    const a = analyze(parsed('anna.schmidt@gmail.com'), tables);
    const facts = { ip: { tor: true } };
    const { features, score } = judge(a, facts, BASELINE_SCORECARD);
    expect(features).toEqual(buildFeatures({ address: a.address, local: a.local, ...facts }));
    expect(score).toEqual(scoreFeatures(features, BASELINE_SCORECARD));
  });

  it.each([
    'anna.schmidt@gmail.com',
    'zqvkfpwxbt37@hotmail.com',
    'webmaster.helpdesk@example.org',
    'info@mailinator.com',
    '123456789@qq.com',
  ])('evidence of %s sums with the intercept to the logit, reasons are closed-list', (email) => {
    const s = scoreOf(email, { dns: { deliverable: true, mailProvider: 'google' }, history: { recentSignups: 50, domainAgeDays: 3 } });
    const sum = s.evidence.reduce((acc, e) => acc + e.impact, s.intercept);
    expect(Math.abs(sum - s.logit)).toBeLessThan(1e-9);
    for (const r of s.reasons) expect(REASON_CODES).toContain(r);
    expect(s.humanScore).toBeGreaterThanOrEqual(0);
    expect(s.humanScore).toBeLessThanOrEqual(100);
  });

  it.each([
    ['a natural name outranks a generated string', 'anna.schmidt@gmail.com', 'zqvkfpwxbt37@gmail.com'],
    ['a name outranks a helpdesk impersonation', 'maria.garcia@gmail.com', 'webmaster.helpdesk.team@gmail.com'],
    ['a company address outranks a disposable one', 'jan.kowalski@example-firm.pl', 'jan.kowalski@mailinator.com'],
  ])('%s', (_n, better, worse) => {
    expect(scoreOf(better).logit).toBeGreaterThan(scoreOf(worse).logit);
  });

  it.each([
    ['tor exit', { ip: { tor: true } }, 'tor_exit'],
    ['datacenter IP', { ip: { datacenter: 'aws' } }, 'datacenter_ip'],
    ['no MX', { dns: { deliverable: false } }, 'no_mail_server'],
    ['alias burst', { history: { aliasVariants: 6 } }, 'alias_burst'],
    ['signup wave', { history: { recentSignups: 160 } }, 'signup_wave'],
    ['IP burst', { history: { signupsFromIp: 32, recentSignupsFromIp: 32 } }, 'ip_burst'],
    ['reported domain', { history: { domainFakeRate: 0.9, domainFakeReporters: 3, domainFakeEstablished: 2 } }, 'reported_fake_domain'],
    ['young domain', { history: { domainAgeDays: 2 } }, 'young_domain'],
    ['pattern mismatch', { history: { domainPattern: 'mismatch' } }, 'mismatches_domain_address_pattern'],
  ] as const)('a %s lowers the score and says why', (_n, facts, reason) => {
    const base = scoreOf('anna.schmidt@example-firm.de');
    const withFact = scoreOf('anna.schmidt@example-firm.de', facts);
    expect(withFact.logit).toBeLessThan(base.logit);
    expect(withFact.reasons).toContain(reason);
  });

  it.each([
    // Composed of separated parts that names and words spell: as long as its parts at a big provider.
    ['anna.maria.lindqvist@gmail.com', false],
    ['tom.berg.garden@outlook.com', false],
    ['jose.luis.fernandez@hotmail.com', false],
    ['annamarialindqvist@gmail.com', true], // glued: no parts to read
    ['anna.maria.lindqvist@example-firm.de', true], // a domain no list vouches for keeps it
    ['billing.notice.desk@gmail.com', true], // a department string
    ['anna.maria.qxzvkwtrbn@gmail.com', true], // letters nothing spells
    // A name in its own script (RFC 6531) is long by the way the script spells: only ASCII counts.
    ['ελευθέριος.παπαδόπουλος@example-firm.gr', false],
    ['สมชาย.ศรีสวัสดิ์@example-firm.co.th', false],
    ['björn.lindqvistsson.karlsson@example-firm.de', true], // one letter outside ASCII does not hide the rest
  ])('long_local of %s counts: %s', (email, counts) => {
    const a = analyze(parsed(email), tables);
    expect(buildFeatures({ address: a.address, local: a.local })[FEATURE_INDEX.long_local]! > 0).toBe(counts);
  });

  it('a matching company address pattern raises the score', () => {
    const s = scoreOf('anna.schmidt@example-firm.de', { history: { domainPattern: 'match' } });
    expect(s.logit).toBeGreaterThan(scoreOf('anna.schmidt@example-firm.de').logit);
    expect(s.reasons).toContain('matches_domain_address_pattern');
  });

  it('missing facts contribute nothing', () => {
    const a = analyze(parsed('anna.schmidt@example-firm.de'), tables);
    const none = judge(a, {}, BASELINE_SCORECARD);
    const empty = judge(a, { history: {}, ip: { ignored: 'private' }, dns: { deliverable: null } }, BASELINE_SCORECARD);
    expect(empty.score.logit).toBe(none.score.logit);
    for (const n of ['no_mail_server', 'tor_exit', 'alias_burst'] as const) expect(none.features[FEATURE_INDEX[n]]).toBe(0);
  });
});

describe('judging look-alikes, provider rules and the kinds of address people have', () => {
  it('property: a homograph of a provider domain never scores above the real domain, whatever the local part and DNS facts', async () => {
    const fc = (await import('fast-check')).default;
    const pairs = [['gm\u0430il.com', 'gmail.com'], ['h\u043etmail.com', 'hotmail.com'], ['y\u0430hoo.com', 'yahoo.com'], ['grnail.com', 'gmail.com']] as const;
    const local = fc.stringMatching(/^[a-z][a-z0-9._]{0,20}[a-z0-9]$/).filter((s) => !s.includes('..') && !s.includes('._') && !s.includes('_.'));
    const dns = fc.constantFrom(undefined, { deliverable: true, mailProvider: 'gateway' } as const, { deliverable: true, mailProvider: 'google' } as const, { deliverable: null } as const);
    fc.assert(
      fc.property(local, fc.constantFrom(...pairs), dns, (l, [fake, real], d) => {
        const a = scoreOf(`${l}@${fake}`, { dns: d, history: { domainPattern: 'match' } });
        const b = scoreOf(`${l}@${real}`, { dns: d });
        expect(a.logit).toBeLessThan(b.logit);
        expect(a.reasons).toContain('lookalike_domain');
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    // made-up addresses, one per kind the issue names
    ['12345678@qq.com', 'allow'], // a QQ number
    ['13912345678@163.com', 'allow'], // a mobile-number mailbox at NetEase
    ['lzh@163.com', 'allow'], // pinyin initials
    ['mary.kowalski1962@aol.com', 'allow'], // a birth year at a consumer ISP
    ['jan.novak@seznam.cz', 'allow'],
    ['maria.garcia@house.example.gov', 'allow'],
    ['x@gmail.com', 'block'], // gmail.com cannot have it
    ['12345678901@gmail.com', 'block'],
    ['maria.garcia@gm\u0430il.com', 'review'], // homograph: a natural name, still not allowed
    ['maria.garcia@examplehotmail.ca', 'review'], // a domain dressed up as free mail
    ['maria.garcia@live-inbox.shop', 'review'], // an everyday-word brand beside a mailbox word
    ['maria.garcia@aolonline.com', 'review'], // an acronym brand beside a service word
    ['maria.garcia@livenation-demo.com', 'allow'], // a company named with the word
    // a generator's number after a name where no one else holds the name, and an unlisted mail service
    ['maria.garcia@example-firm.de', 'allow'],
    ['maria.garcia7@example-firm.de', 'allow'], // an employer's duplicate counter
    ['maria.garcia1962@example-firm.de', 'allow'], // a birth year
    ['maria.garcia4817@example-firm.de', 'review'],
    ['maria.garcia4817@gmail.com', 'allow'], // at free mail the name is taken: a number is how people get one
    ['maria.garcia@quickmail-demo.com', 'review'],
    ['maria.garcia@mail.example-firm.de', 'allow'], // a company's mail host
    // digits written for letters: a stylised name or word reads as one, a hidden service word too
    ['k4t1e.smith@gmail.com', 'allow'],
    ['tw1st3r.jones@gmail.com', 'allow'],
    ['supp0rt.desk@gmail.com', 'block'],
  ] as const)('%s -> %s', (email, verdict) => {
    expect(scoreOf(email).verdict).toBe(verdict);
  });

  it('a name at a domain reserved for documentation is blocked with DNS unreachable: no mail reaches it', () => {
    for (const email of ['jane.doe@example.com', 'john.smith@example.net', 'maria@shop.example.org']) {
      const s = scoreOf(email, { deliverable: null });
      expect(s.verdict, email).toBe('block');
      expect(s.reasons, email).toContain('no_mail_server');
    }
  });

  it('a provider-issued number scores about as a name does at the same kind of provider (docs/scorecard.md §4)', () => {
    const name = scoreOf('maria.garcia@gmail.com').humanScore;
    for (const email of ['40815273@qq.com', '13907362815@163.com']) expect(Math.abs(scoreOf(email).humanScore - name), email).toBeLessThanOrEqual(4);
  });

  it.each([
    ['maria.garcia4817@example-firm.de', 'numbered_name'],
    ['maria.garcia@quickmail-demo.com', 'mail_service_domain'],
    ['bluefalcon917@example-firm.de', 'numbered_name'],
    ['maria.garcia+k7f1z1ov@gmail.com', 'random_local_part'],
  ] as const)('%s says why: %s', (email, reason) => {
    expect(scoreOf(email).reasons).toContain(reason);
  });

  it('a + tag of random letters and digits is one inbox made into many accounts: a clear name goes to review, a filing label stays allowed', () => {
    expect(scoreOf('maria.garcia+k7f1z1ov@gmail.com').verdict).toBe('review');
    expect(scoreOf('maria.garcia+vzqoi@outlook.com').verdict).not.toBe('allow');
    for (const email of ['maria.garcia+news@gmail.com', 'maria.garcia+amazon@gmail.com', 'maria.garcia+github2024@outlook.com']) expect(scoreOf(email).verdict, email).toBe('allow');
  });

  it('dots that break a name at Gmail are one inbox dressed as a new one: not allowed; the same name dotted where a person dots it is', () => {
    const dotted = scoreOf('mic.hael.wal.ker@gmail.com');
    expect(dotted.verdict).not.toBe('allow');
    expect(dotted.reasons).toContain('dotted_alias');
    for (const email of ['michael.walker@gmail.com', 'm.j.walker@gmail.com', 'michaelwalker@gmail.com']) {
      expect(scoreOf(email).verdict, email).toBe('allow');
      expect(scoreOf(email).reasons, email).not.toContain('dotted_alias');
    }
    // where a dot makes another mailbox, the spelling is that mailbox's own
    expect(scoreOf('mic.hael.wal.ker@outlook.com').reasons).not.toContain('dotted_alias');
  });

  it('a clear name at an unlisted domain a machine named goes to review, DNS off; at a domain of words it is allowed', () => {
    const s = scoreOf('jonas.weber@k7f2xq9z.com');
    expect(s.verdict).toBe('review');
    expect(s.reasons).toContain('generated_domain');
    expect(scoreOf('jonas.weber@quietfield-works.com').verdict).toBe('allow');
    expect(scoreOf('jonas.weber@k7f2xq9z.com', { dns: { deliverable: true, mailProvider: 'google' } }).verdict).toBe('allow');
  });

  it('a clear name at an unlisted domain under a suffix sold in bulk ranks below the same name at a company domain, and stays allowed; a name no list explains goes to review there', () => {
    const bulk = scoreOf('jonas.weber@quietfield.top');
    const company = scoreOf('jonas.weber@quietfield.com');
    expect(bulk.humanScore).toBeLessThan(company.humanScore);
    expect(bulk.verdict).toBe('allow');
    expect(bulk.reasons).toContain('bulk_suffix_domain');
    // a name no list explains: allowed at a company's domain, not here
    expect(scoreOf('zorvak.tindel@quietfield.com').verdict).toBe('allow');
    expect(scoreOf('zorvak.tindel@quietfield.xyz').verdict).toBe('review');
    const google = { dns: { deliverable: true, mailProvider: 'google' } } as const;
    expect(scoreOf('jonas.weber@quietfield.top', google).humanScore).toBe(scoreOf('jonas.weber@quietfield.com', google).humanScore);
  });

  it('a person\'s own mailbox at a domain in their name under a suffix sold in bulk scores as at the same name under .com; another name or a desk there still pays for the suffix', () => {
    for (const [local, label] of [['anna', 'annaberg'], ['jonas.weber', 'jonasweber'], ['jweber', 'jonas-weber'], ['hello', 'annaberg'], ['zorvak.tindel', 'zorvaktindel']] as const) {
      const own = scoreOf(`${local}@${label}.top`);
      expect(own.humanScore, local).toBe(scoreOf(`${local}@${label}.com`).humanScore);
      expect(own.reasons, local).not.toContain('bulk_suffix_domain');
    }
    expect(scoreOf('jonas.weber@annaberg.top').reasons).toContain('bulk_suffix_domain');
    expect(scoreOf('jonas.weber@annaberg.top').humanScore).toBeLessThan(scoreOf('jonas.weber@annaberg.com').humanScore);
    expect(scoreOf('support@annaberg.top').reasons).toContain('bulk_suffix_domain');
    // a label the lists do not read as a name: the mailbox that names it vouches for it, a contact word does not
    expect(scoreOf('hello@zorvaktindel.top').reasons).toContain('bulk_suffix_domain');
  });

  it('a full sign-up wave takes a clear name at a domain nobody vouches for to review, never block; at free mail or a Google-hosted company it stays allowed', () => {
    // 160 new inboxes in 10 minutes at a quiet domain: 16x the floor of 10 (feature version 9).
    const wave = { history: { recentSignups: 160, recentSignupsExpected: 0.2 } };
    expect(scoreOf('jonas.weber@quietfield-works.de').verdict).toBe('allow');
    expect(scoreOf('jonas.weber@quietfield-works.de', wave).verdict).toBe('review');
    expect(scoreOf('jonas.weber@quietfield-works.de', wave).reasons).toContain('signup_wave');
    expect(scoreOf('jonas.weber@quietfield-works.de', { ...wave, dns: { deliverable: true, mailProvider: 'google' } }).verdict).toBe('allow');
    expect(scoreOf('jonas.weber@gmail.com', wave).verdict).toBe('allow');
  });

  it.each(['vodamail.co.za', 'vodafonemail.de', 'kabelmail.de'])("a national operator's consumer mail is free mail, not an unvetted mail service: %s", (domain) => {
    const s = scoreOf(`thandi.nkosi@${domain}`);
    expect(s.reasons).not.toContain('mail_service_domain');
    expect(s.verdict).toBe('allow');
    expect(scoreOf(`thandi.nkosi@${domain.replace(/^[a-z]+mail/, 'quickmail')}`).reasons).toContain('mail_service_domain');
  });

  it("a provider whose mailbox rules are documented is no unvetted mail service, though its name says mail (Mail.ru's mail.ua)", () => {
    const s = scoreOf('maria.garcia@mail.ua');
    expect(s.reasons).not.toContain('mail_service_domain');
    expect(s.verdict).toBe('allow');
  });

  it('a word handle with a number at a domain of its own is numbered as a name is (not at free mail)', () => {
    expect(scoreOf('bluefalcon917@example-firm.de').verdict).not.toBe('allow');
    expect(scoreOf('bluefalcon@example-firm.de').verdict).toBe('allow');
    expect(scoreOf('bluefalcon917@gmail.com').reasons).not.toContain('numbered_name');
  });

  it('initials or an ID prefix with a staff number at a company is no numbered name: organisations number their people so', () => {
    for (const email of ['ew6505@example-firm.de', 'abm094@example-firm.de', 'emp269424@example-firm.de', 'x4418207@example-firm.de']) {
      const s = scoreOf(email);
      expect(s.reasons, email).not.toContain('numbered_name');
      expect(s.verdict, email).not.toBe('block');
    }
    expect(scoreOf('anna4817@example-firm.de').reasons).toContain('numbered_name');
  });

  it("a contact mailbox at a person's own domain is that person's inbox: allowed without the role penalty; a department's word there stays a role", () => {
    for (const email of ['hello@jan-kowalski.dev', 'mail@annalindqvist.net', 'info@marta-oliveira.pt']) {
      const s = scoreOf(email);
      expect(s.verdict, email).toBe('allow');
      expect(s.reasons, email).not.toContain('role_account');
    }
    for (const email of ['support@jan-kowalski.dev', 'info@quickbakery.com']) {
      const s = scoreOf(email);
      expect(s.verdict, email).not.toBe('allow');
      expect(s.reasons, email).toContain('role_account');
    }
    expect(judge(analyze(parsed('hello@jan-kowalski.dev'), tables), {}, BASELINE_SCORECARD).features[FEATURE_INDEX.role_account]).toBe(0);
  });

  it('an ID code of letters around a staff or student number is not read as a random token', () => {
    for (const email of ['qp23ct@example-firm.de', 'zu387yh@example-firm.de', 'gd8660yb@example-uni.edu', 'mx6947fe@example-firm.nl']) {
      const a = analyze(parsed(email), tables);
      const { features, score } = judge(a, {}, BASELINE_SCORECARD);
      expect(features[FEATURE_INDEX.ngram_surprise], email).toBe(0);
      expect(score.verdict, email).toBe('allow');
    }
    // A token generator's string of the same letters keeps its reading.
    expect(scoreOf('qpx23ctv@example-firm.de').reasons).toContain('random_local_part');
  });
});

describe('a mailbox the provider cannot have', () => {
  it('property: is never allowed, however name-like, tagged or year-suffixed it is', async () => {
    const fc = (await import('fast-check')).default;
    // Under six letters and digits at gmail.com, or a leading digit at outlook.com.
    const short = fc.stringMatching(/^[a-z][a-z0-9]{0,4}$/).map((l) => `${l}@gmail.com`);
    const leadingDigit = fc.stringMatching(/^[0-9][a-z]{3,12}(19[5-9][0-9])?$/).map((l) => `${l}@outlook.com`);
    const tagged = fc.tuple(fc.constantFrom('anna', 'jdoe', 'mark', 'li.wei'), fc.stringMatching(/^[a-z]{1,8}$/)).map(([l, t]) => `${l}+${t}@gmail.com`);
    fc.assert(
      fc.property(fc.oneof(short, leadingDigit, tagged), (email) => {
        const s = scoreOf(email, { dns: { deliverable: true, mailProvider: 'google' } });
        expect(s.reasons).toContain('impossible_mailbox');
        expect(s.verdict).not.toBe('allow');
      }),
      { numRuns: 300 },
    );
  });
});
