import { describe, expect, it } from 'vitest';
import { buildFeatures, FEATURE_INDEX, FEATURE_NAMES, FEATURE_VERSION, type FeatureName } from '../../src/model/features.ts';
import { addressOf, localOf } from './fixtures.ts';

const neutral = { address: addressOf(), local: localOf() };
/** "anna.berg123": name letters, then three digits and no others. */
const numberedName = localOf({ nameScore: 1, shape: 'first.last+digits', digitCount: 3, digitRunMax: 3, trailingDigits: 3 });
/** "anna.maria.lindqvist" (20 characters) at gmail.com. */
const composedHandle = localOf({ length: 20, letters: 18, nameScore: 1, shape: 'other', separated: true });
const bigProvider = addressOf({ free: true, popularProvider: true, accountType: 'free' });
const col = (x: Float64Array, name: FeatureName) => x[FEATURE_INDEX[name]]!;

describe('FEATURE_NAMES', () => {
  it('is a fixed, unique, snake_case column list', () => {
    expect(new Set(FEATURE_NAMES).size).toBe(FEATURE_NAMES.length);
    for (const n of FEATURE_NAMES) expect(n).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(FEATURE_VERSION).toBe(27);
    // Column order is part of the event contract: pin the first and last columns of each version.
    expect(FEATURE_NAMES[0]).toBe('free_provider');
    expect(FEATURE_NAMES[35]).toBe('young_domain');
    expect(FEATURE_NAMES[40]).toBe('government_domain');
    expect(FEATURE_NAMES[FEATURE_NAMES.length - 6]).toBe('mail_service_domain');
    expect(FEATURE_NAMES[FEATURE_NAMES.length - 5]).toBe('random_tag');
    expect(FEATURE_NAMES[FEATURE_NAMES.length - 4]).toBe('generated_domain');
    expect(FEATURE_NAMES[FEATURE_NAMES.length - 3]).toBe('numbered_burst');
    expect(FEATURE_NAMES[FEATURE_NAMES.length - 2]).toBe('bulk_suffix');
    expect(FEATURE_NAMES[FEATURE_NAMES.length - 1]).toBe('dotted_alias');
    expect(FEATURE_NAMES.length).toBe(48);
  });
});

describe('buildFeatures', () => {
  it('returns one finite value per column, all bounded to [0, 1]', () => {
    const x = buildFeatures(neutral);
    expect(x).toBeInstanceOf(Float64Array);
    expect(x.length).toBe(FEATURE_NAMES.length);
    for (const v of x) expect(v >= 0 && v <= 1).toBe(true);
  });

  it('leaves every DNS, IP and history column at 0 when those facts are missing', () => {
    const x = buildFeatures(neutral);
    for (const n of ['no_mail_server', 'mail_gateway', 'hosted_mail', 'datacenter_ip', 'tor_exit', 'ip_burst', 'alias_burst',
      'signup_wave', 'reported_fake_domain', 'domain_pattern_match', 'domain_pattern_mismatch', 'young_domain', 'numbered_burst'] as const) {
      expect(col(x, n)).toBe(0);
    }
  });

  type Case = [string, Partial<Parameters<typeof buildFeatures>[0]>, FeatureName, number];
  it.each<Case>([
    ['free domain', { address: addressOf({ free: true }) }, 'free_provider', 1],
    ['custom domain', {}, 'custom_domain', 1],
    ['free is not custom', { address: addressOf({ free: true }) }, 'custom_domain', 0],
    ['disposable', { address: addressOf({ disposable: true }) }, 'disposable_domain', 1],
    ['relay', { address: addressOf({ relay: true }) }, 'relay_address', 1],
    ['school', { address: addressOf({ school: true }) }, 'school_domain', 1],
    ['role', { address: addressOf({ roleAccount: true }) }, 'role_account', 1],
    // hello@ at a domain named after a person: that person's inbox (feature version 11).
    ['contact mailbox at a person\'s own domain: no role penalty', { address: addressOf({ roleAccount: true, ownSiteMailbox: true }) }, 'role_account', 0],
    ['contact mailbox at a person\'s own domain: its word still not counted twice', { address: addressOf({ roleAccount: true, ownSiteMailbox: true }), local: localOf({ serviceShare: 1 }) }, 'service_words', 0],
    ['typo', { address: addressOf({ typoOf: 'gmail.com', didYouMean: 'x@gmail.com' }) }, 'typo_domain', 1],
    ['homograph: not a typo', { address: addressOf({ lookalikeOf: 'gmail.com', didYouMean: 'x@gmail.com' }) }, 'typo_domain', 0],
    ['homograph', { address: addressOf({ lookalikeOf: 'gmail.com', free: true }) }, 'lookalike_domain', 1],
    ['homograph: no company domain', { address: addressOf({ lookalikeOf: 'gmail.com' }) }, 'custom_domain', 0],
    ['imitation', { address: addressOf({ imitates: 'hotmail' }) }, 'provider_imitation', 1],
    ['imitation: no company domain', { address: addressOf({ imitates: 'hotmail' }) }, 'custom_domain', 0],
    ['imitation: no gateway credit', { address: addressOf({ imitates: 'hotmail' }), dns: { deliverable: true, mailProvider: 'gateway' } }, 'mail_gateway', 0],
    ['imitation: no hosted-mail credit', { address: addressOf({ imitates: 'hotmail' }), dns: { deliverable: true, mailProvider: 'google' } }, 'hosted_mail', 0],
    ['imitation: no pattern credit', { address: addressOf({ imitates: 'hotmail' }), history: { domainPattern: 'match' } }, 'domain_pattern_match', 0],
    ['impossible mailbox', { address: addressOf({ impossibleMailbox: true }) }, 'impossible_mailbox', 1],
    ['numeric account', { address: addressOf({ numericAccount: true }) }, 'numeric_account', 1],
    ['government domain', { address: addressOf({ government: true }) }, 'government_domain', 1],
    ['numbers at a school are not numeric_local', { address: addressOf({ school: true }), local: localOf({ shape: 'numeric' }) }, 'numeric_local', 0],
    ['numbers at a government domain are not numeric_local', { address: addressOf({ government: true }), local: localOf({ shape: 'numeric' }) }, 'numeric_local', 0],
    ['a trailing birth year is no digit run', { local: localOf({ digitRunMax: 4, digitRunMaxBeyondYear: 0, yearSuffix: true }) }, 'digit_run', 0],
    ['full name coverage', { local: localOf({ nameScore: 1 }) }, 'name_score', 1],
    ['name coverage at chance level counts nothing', { local: localOf({ nameScore: 0.3 }) }, 'name_score', 0],
    ['name coverage between', { local: localOf({ nameScore: 0.65 }) }, 'name_score', 0.5],
    ['name shape', { local: localOf({ shape: 'flast+digits' }) }, 'name_shape', 1],
    ['service words', { local: localOf({ serviceShare: 0.6 }) }, 'service_words', 0.6],
    ['service words not counted twice for a role address', { address: addressOf({ roleAccount: true }), local: localOf({ serviceShare: 1 }) }, 'service_words', 0],
    ['ngram at normal spelling', { local: localOf({ ngramLogLik: -4 }) }, 'ngram_surprise', 0],
    ['ngram 2 bits over normal', { local: localOf({ ngramLogLik: -6.5 }) }, 'ngram_surprise', 0.5],
    ['ngram capped', { local: localOf({ ngramLogLik: -20 }) }, 'ngram_surprise', 1],
    ['ngram ignored on 2 letters', { local: localOf({ ngramLogLik: -12, ngramLetters: 2 }) }, 'ngram_surprise', 0],
    ['ngram on 6 letters counts three quarters', { local: localOf({ ngramLogLik: -20, ngramLetters: 6 }) }, 'ngram_surprise', 0.75],
    ['ngram in full from 8 letters', { local: localOf({ ngramLogLik: -20, ngramLetters: 8 }) }, 'ngram_surprise', 1],
    ['ordinary ending', { local: localOf({ tailLogLik: -4 }) }, 'odd_ending', 0],
    ['improbable ending', { local: localOf({ tailLogLik: -7 }) }, 'odd_ending', 0.5],
    ['no long run, no ending signal', { local: localOf({ tailLogLik: 0 }) }, 'odd_ending', 0],
    ['two digits are ordinary', { local: localOf({ digitRunMax: 2 }) }, 'digit_run', 0],
    ['four digits', { local: localOf({ digitRunMax: 4 }) }, 'digit_run', 0.5],
    ['numeric local has no digit_run', { local: localOf({ shape: 'numeric', digitRunMax: 9 }) }, 'digit_run', 0],
    ['numeric local', { local: localOf({ shape: 'numeric' }) }, 'numeric_local', 1],
    ['four consonants occur in names', { local: localOf({ consonantRunMax: 4 }) }, 'consonant_cluster', 0],
    ['consonant cluster of 6', { local: localOf({ consonantRunMax: 6 }) }, 'consonant_cluster', 2 / 3],
    ['handle with digits inside', { local: localOf({ letterDigitSwitches: 2 }) }, 'mixed_alnum', 0],
    ['interleaved letters and digits', { local: localOf({ letterDigitSwitches: 7 }) }, 'mixed_alnum', 1],
    ['four switches', { local: localOf({ letterDigitSwitches: 4 }) }, 'mixed_alnum', 0.5],
    ['long local part', { local: localOf({ length: 16 }) }, 'long_local', 0.5],
    ['characters of another script do not count', { local: localOf({ length: 24, nonAscii: 24 }) }, 'long_local', 0],
    ['only the ASCII ones do', { local: localOf({ length: 24, nonAscii: 8 }) }, 'long_local', 0.5],
    // A handle composed of separated parts that names and words spell throughout, at a big provider where short forms are taken.
    ['a composed handle at a big provider', { address: bigProvider, local: composedHandle }, 'long_local', 0],
    ['composed, with a number after it', { address: bigProvider, local: { ...composedHandle, length: 22, digitCount: 2 } }, 'long_local', 0],
    ['glued, not separated', { address: bigProvider, local: { ...composedHandle, separated: false } }, 'long_local', 1],
    ['letters no name or word spells', { address: bigProvider, local: { ...composedHandle, uncoveredShare: 0.2 } }, 'long_local', 1],
    ['service words: a department string', { address: bigProvider, local: { ...composedHandle, serviceShare: 0.4 } }, 'long_local', 1],
    ['composed at a small free-mail service', { address: addressOf({ free: true }), local: composedHandle }, 'long_local', 1],
    ['composed at a domain no list knows', { local: composedHandle }, 'long_local', 1],
    ['repeats', { local: localOf({ length: 8, repeatedChunks: 4 }) }, 'repeated_chunks', 0.5],
    ['no MX', { dns: { deliverable: false } }, 'no_mail_server', 1],
    ['DNS unreachable is not "no MX"', { dns: { deliverable: null } }, 'no_mail_server', 0],
    ['gateway', { dns: { deliverable: true, mailProvider: 'gateway' } }, 'mail_gateway', 1],
    ['hosted custom domain', { dns: { deliverable: true, mailProvider: 'google' } }, 'hosted_mail', 1],
    ['hosted free domain is not a business signal', { address: addressOf({ free: true }), dns: { deliverable: true, mailProvider: 'google' } }, 'hosted_mail', 0],
    ['datacenter', { ip: { datacenter: 'aws' } }, 'datacenter_ip', 1],
    ['ignored IP adds nothing', { ip: { ignored: 'private' } }, 'datacenter_ip', 0],
    ['tor', { ip: { tor: true } }, 'tor_exit', 1],
    ['2 signups from IP in 10 minutes are normal', { history: { signupsFromIp: 2, recentSignupsFromIp: 2 } }, 'ip_burst', 0],
    ['8 signups from IP in 10 minutes', { history: { signupsFromIp: 8, recentSignupsFromIp: 8 } }, 'ip_burst', 0.5],
    ['32 signups from IP in 10 minutes: the cap', { history: { signupsFromIp: 40, recentSignupsFromIp: 32 } }, 'ip_burst', 1],
    ['50 from one IP over the hour, 2 in the last 10 minutes (a campus NAT): no burst', { history: { signupsFromIp: 50, recentSignupsFromIp: 2 } }, 'ip_burst', 0],
    ['50 over the hour, 8 in the last 10 minutes: judged by the 8', { history: { signupsFromIp: 50, recentSignupsFromIp: 8 } }, 'ip_burst', 0.5],
    ['32 from one IP in 10 minutes at a school\'s address: the school issued it (a class at its NAT)', { address: addressOf({ school: true }), history: { signupsFromIp: 32, recentSignupsFromIp: 32 } }, 'ip_burst', 0],
    ['32 from one IP in 10 minutes at a government address', { address: addressOf({ government: true }), history: { signupsFromIp: 32, recentSignupsFromIp: 32 } }, 'ip_burst', 0],
    ['32 from one IP in 10 minutes at free mail: counted', { address: addressOf({ free: true }), history: { signupsFromIp: 32, recentSignupsFromIp: 32 } }, 'ip_burst', 1],
    ['32 from one IP in 10 minutes at 8 registrable domains: a shared gateway (a NAT, a proxy), not a farm', { address: addressOf({ free: true }), history: { signupsFromIp: 32, recentSignupsFromIp: 32, recentDomainsFromIp: 8 } }, 'ip_burst', 0],
    ['32 from one IP in 10 minutes at 7 registrable domains: still counted', { address: addressOf({ free: true }), history: { signupsFromIp: 32, recentSignupsFromIp: 32, recentDomainsFromIp: 7 } }, 'ip_burst', 1],
    ['8 from one IP in 10 minutes at 3 domains (a farm\'s few): counted', { history: { signupsFromIp: 8, recentSignupsFromIp: 8, recentDomainsFromIp: 3 } }, 'ip_burst', 0.5],
    ['2 alias variants are normal', { history: { aliasVariants: 2 } }, 'alias_burst', 0],
    // Feature version 18: numbered inboxes of one stem at one account (annaberg0001, annaberg0002, ...).
    ['2 of a numbered stem in 10 minutes, 4 in the hour: people share stems by chance', { history: { recentNumberedSiblings: 2, numberedSiblings: 4 } }, 'numbered_burst', 0],
    ['3 of a stem in 10 minutes', { history: { recentNumberedSiblings: 3, numberedSiblings: 3 } }, 'numbered_burst', Math.log2(1.5) / 4],
    ['8 of a stem in 10 minutes', { history: { recentNumberedSiblings: 8, numberedSiblings: 8 } }, 'numbered_burst', 0.5],
    ['32 of a stem in 10 minutes: the cap', { history: { recentNumberedSiblings: 32, numberedSiblings: 40 } }, 'numbered_burst', 1],
    ['16 over the hour, 2 in the last 10 minutes: a batch spread out, judged by the hour', { history: { recentNumberedSiblings: 2, numberedSiblings: 16 } }, 'numbered_burst', 0.5],
    ['5 over the hour: counted from 5', { history: { recentNumberedSiblings: 1, numberedSiblings: 5 } }, 'numbered_burst', Math.log2(5 / 4) / 4],
    ['32 of a stem in 10 minutes at a school: the school issues numbered inboxes', { address: addressOf({ school: true }), history: { recentNumberedSiblings: 32, numberedSiblings: 32 } }, 'numbered_burst', 0],
    ['32 of a stem in 10 minutes at a government domain', { address: addressOf({ government: true }), history: { recentNumberedSiblings: 32, numberedSiblings: 32 } }, 'numbered_burst', 0],
    ['4 alias variants', { history: { aliasVariants: 4 } }, 'alias_burst', 0.5],
    ['19 recent signups are normal', { history: { recentSignups: 19 } }, 'signup_wave', 0],
    ['40 recent signups', { history: { recentSignups: 40 } }, 'signup_wave', 0.5],
    ['40 recent signups where 10 minutes usually hold 1', { history: { recentSignups: 40, recentSignupsExpected: 1 } }, 'signup_wave', 0.5],
    ['400 recent signups where 10 minutes usually hold 1000 (a big provider)', { history: { recentSignups: 400, recentSignupsExpected: 1000 } }, 'signup_wave', 0],
    ['20000 recent signups where 10 minutes usually hold 1000', { history: { recentSignups: 20_000, recentSignupsExpected: 1000 } }, 'signup_wave', 0.5],
    // Feature version 9: in full only where nothing vouches for the domain; two thirds at free mail, schools, governments, relays and big providers' hosted mail.
    ['a full wave at a domain no list knows', { history: { recentSignups: 160 } }, 'signup_wave', 1],
    ['a full wave at free mail counts two thirds', { address: addressOf({ free: true }), history: { recentSignups: 160 } }, 'signup_wave', 2 / 3],
    ['40 at free mail', { address: addressOf({ free: true }), history: { recentSignups: 40 } }, 'signup_wave', 1 / 3],
    ['a full wave at a school', { address: addressOf({ school: true }), history: { recentSignups: 160 } }, 'signup_wave', 2 / 3],
    ['a full wave at a government domain', { address: addressOf({ government: true }), history: { recentSignups: 160 } }, 'signup_wave', 2 / 3],
    ['a full wave at a company whose mail Microsoft hosts', { dns: { deliverable: true, mailProvider: 'microsoft' }, history: { recentSignups: 160 } }, 'signup_wave', 2 / 3],
    ['a full wave at a domain on its own mail servers', { dns: { deliverable: true }, history: { recentSignups: 160 } }, 'signup_wave', 1],
    ['a customer\'s list of 160 in one bulk request (159 others of it): not a wave', { history: { recentSignups: 160, requestInboxesAtDomain: 159 } }, 'signup_wave', 0],
    ['160 in 10 minutes, 120 of them others of this bulk request: the other 40 judged', { history: { recentSignups: 160, requestInboxesAtDomain: 120 } }, 'signup_wave', 0.5],
    ['fake rate needs 2 reporters', { history: { domainFakeRate: 0.9, domainFakeReporters: 1, domainFakeEstablished: 1 } }, 'reported_fake_domain', 0],
    ['fake rate with 2 established reporters', { history: { domainFakeRate: 0.9, domainFakeReporters: 2, domainFakeEstablished: 2 } }, 'reported_fake_domain', 0.9],
    // Feature version 16: new accounts (under 50 outcomes in all) are what one actor makes many of.
    ['fake rate from 5 reporters, 1 of them established', { history: { domainFakeRate: 1, domainFakeReporters: 5, domainFakeEstablished: 1 } }, 'reported_fake_domain', 0],
    ['fake rate from 5 reporters, 2 of them established', { history: { domainFakeRate: 0.4, domainFakeReporters: 5, domainFakeEstablished: 2 } }, 'reported_fake_domain', 0.4],
    ['pattern match', { history: { domainPattern: 'match' } }, 'domain_pattern_match', 1],
    ['pattern mismatch', { history: { domainPattern: 'mismatch' } }, 'domain_pattern_mismatch', 1],
    ['pattern learning adds nothing', { history: { domainPattern: 'learning' } }, 'domain_pattern_match', 0],
    // A pattern the last 10 minutes could have made alone (5 other inboxes, PATTERN_MIN_OBSERVATIONS) is a burst's own shape.
    ['pattern match with 4 other inboxes in 10 minutes', { history: { domainPattern: 'match', recentSignups: 5 } }, 'domain_pattern_match', 1],
    ['no pattern credit with 5 other inboxes in 10 minutes', { history: { domainPattern: 'match', recentSignups: 6 } }, 'domain_pattern_match', 0],
    ['no pattern credit in a wave', { history: { domainPattern: 'match', recentSignups: 40, recentSignupsExpected: 0 } }, 'domain_pattern_match', 0],
    ['a burst does not hide a mismatch', { history: { domainPattern: 'mismatch', recentSignups: 40 } }, 'domain_pattern_mismatch', 1],
    ['brand new domain', { history: { domainAgeDays: 0 } }, 'young_domain', 1],
    ['90-day domain', { history: { domainAgeDays: 90 } }, 'young_domain', 0.5],
    ['old domain', { history: { domainAgeDays: 4000 } }, 'young_domain', 0],
    // A name + 3 or more digits (and no other digits) that are no birth year, at a domain where the name is not taken.
    ['a name numbered at a custom domain', { local: numberedName }, 'numbered_name', 1],
    ['four digits too', { local: { ...numberedName, trailingDigits: 4, digitCount: 4, digitRunMax: 4 } }, 'numbered_name', 1],
    ['two digits: an employer\'s duplicate counter', { local: { ...numberedName, trailingDigits: 2, digitCount: 2, digitRunMax: 2 } }, 'numbered_name', 0],
    ['a trailing birth year is no numbered name', { local: { ...numberedName, trailingDigits: 4, digitCount: 4, yearSuffix: true } }, 'numbered_name', 0],
    ['digits elsewhere too', { local: { ...numberedName, digitCount: 5 } }, 'numbered_name', 0],
    ['letters that are no name', { local: { ...numberedName, nameScore: 0.4 } }, 'numbered_name', 0],
    ['four letters are a name', { local: { ...numberedName, length: 7, letters: 4 } }, 'numbered_name', 1],
    ['initials or an ID prefix and a number: how organisations number their people', { local: { ...numberedName, length: 6, letters: 3 } }, 'numbered_name', 0],
    ['one letter and a staff number', { local: { ...numberedName, length: 7, letters: 1 } }, 'numbered_name', 0],
    ['half name letters is a name', { local: { ...numberedName, nameScore: 0.5 } }, 'numbered_name', 1],
    ['free mail: names are taken there', { address: addressOf({ free: true }), local: numberedName }, 'numbered_name', 0],
    // A handle of words is not taken at one's own domain either (feature version 7).
    ['a word handle numbered at a custom domain', { local: { ...numberedName, nameScore: 0, wordShare: 1, shape: 'words' } }, 'numbered_name', 1],
    ['half word letters is a word handle', { local: { ...numberedName, nameScore: 0, wordShare: 0.5, shape: 'words' } }, 'numbered_name', 1],
    ['letters neither names nor words spell', { local: { ...numberedName, nameScore: 0.3, wordShare: 0.3, shape: 'other' } }, 'numbered_name', 0],
    ['free mail: word handles are taken there too', { address: addressOf({ free: true }), local: { ...numberedName, nameScore: 0, wordShare: 1, shape: 'words' } }, 'numbered_name', 0],
    ['a + tag that files nothing', { local: localOf({ randomTag: true }) }, 'random_tag', 1],
    ['at a big provider too', { address: bigProvider, local: localOf({ nameScore: 1, randomTag: true }) }, 'random_tag', 1],
    ['no tag, or a filing label', { local: localOf() }, 'random_tag', 0],
    ['schools number their people', { address: addressOf({ school: true }), local: numberedName }, 'numbered_name', 0],
    ['governments number their people', { address: addressOf({ government: true }), local: numberedName }, 'numbered_name', 0],
    ['disposable: its own signal', { address: addressOf({ disposable: true }), local: numberedName }, 'numbered_name', 0],
    ['an imitation: its own signal', { address: addressOf({ imitates: 'hotmail' }), local: numberedName }, 'numbered_name', 0],
    ['an unlisted mail service', { address: addressOf({ mailService: true }) }, 'mail_service_domain', 1],
    ['with DNS unreachable', { address: addressOf({ mailService: true }), dns: { deliverable: null } }, 'mail_service_domain', 1],
    ['on its own mail servers', { address: addressOf({ mailService: true }), dns: { deliverable: true } }, 'mail_service_domain', 1],
    ['mail hosted by Google: a company', { address: addressOf({ mailService: true }), dns: { deliverable: true, mailProvider: 'google' } }, 'mail_service_domain', 0],
    ['an unlisted domain a machine named', { address: addressOf({ generatedName: true }) }, 'generated_domain', 1],
    ['a machine-named domain on its own mail servers', { address: addressOf({ generatedName: true }), dns: { deliverable: true } }, 'generated_domain', 1],
    ['a machine-named domain whose mail Microsoft hosts', { address: addressOf({ generatedName: true }), dns: { deliverable: true, mailProvider: 'microsoft' } }, 'generated_domain', 0],
    ['a domain of words', { address: addressOf() }, 'generated_domain', 0],
    ['an unlisted domain under a suffix sold in bulk', { address: addressOf({ bulkSuffix: true }) }, 'bulk_suffix', 1],
    ['such a domain on its own mail servers', { address: addressOf({ bulkSuffix: true }), dns: { deliverable: true } }, 'bulk_suffix', 1],
    ['such a domain whose mail Google hosts', { address: addressOf({ bulkSuffix: true }), dns: { deliverable: true, mailProvider: 'google' } }, 'bulk_suffix', 0],
    ['a domain under another suffix', { address: addressOf() }, 'bulk_suffix', 0],
    ['dots inside names at Gmail', { address: addressOf({ dottedAlias: true }) }, 'dotted_alias', 1],
    ['dots where a person puts them', { address: addressOf() }, 'dotted_alias', 0],
    ['mail hosted by Microsoft: a company', { address: addressOf({ mailService: true }), dns: { deliverable: true, mailProvider: 'microsoft' } }, 'mail_service_domain', 0],
    ['not named as a mail service', {}, 'mail_service_domain', 0],
    ['no real top-level name: no mail reaches it, DNS off', { address: addressOf({ unknownSuffix: true, accountType: 'unknown' }) }, 'no_mail_server', 1],
    ['no real top-level name, DNS unreachable', { address: addressOf({ unknownSuffix: true, accountType: 'unknown' }), dns: { deliverable: null } }, 'no_mail_server', 1],
    ['no real top-level name is no company\'s domain', { address: addressOf({ unknownSuffix: true, accountType: 'unknown' }) }, 'custom_domain', 0],
    ['reserved for documentation: no mail reaches it, DNS off', { address: addressOf({ documentationDomain: true }) }, 'no_mail_server', 1],
    ['reserved for documentation, DNS unreachable', { address: addressOf({ documentationDomain: true }), dns: { deliverable: null } }, 'no_mail_server', 1],
    ['a real top-level name, DNS off: not known', {}, 'no_mail_server', 0],
  ])('%s -> %s = %d', (_name, overrides, feature, value) => {
    expect(col(buildFeatures({ ...neutral, ...overrides }), feature)).toBeCloseTo(value, 12);
  });
});
