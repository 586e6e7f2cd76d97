/**
 * The feature vector: every signal of a check as one number, in a fixed, documented column
 * order (docs/scorecard.md). The same vector scores the baseline, is written into each
 * check event, and is what a learned model trains on, so columns are only ever appended,
 * and any change of meaning bumps FEATURE_VERSION.
 *
 * Conventions: a missing fact (no DNS, no IP, no history) yields 0 in its columns, and every
 * column is 0 when its signal is absent, so a missing signal contributes nothing to a linear
 * model. Values are bounded (mostly 0..1) so one weight reads as "log-odds at full strength".
 * Pure.
 */
import type { DnsFacts, HistoryFacts, IpFacts } from '../domain/check.ts';
import type { AddressSignals } from '../signals/address-signals.ts';
import type { LocalPartSignals } from '../signals/local-part.ts';
import { NAME_SHAPES } from '../signals/local-shape.ts';
import { PATTERN_MIN_OBSERVATIONS } from '../streams/aggregations/domain-shapes-180d.ts';

/**
 * 2: appended impossible_mailbox, numeric_account, lookalike_domain, provider_imitation,
 * government_domain; year_suffix means a birth year (1930-2005, two digits 30-99 or 00-05)
 * and digit_run leaves it out; vowelless runs of 2-7 letters are initials, left out of the
 * spelling columns but not of consonant_cluster; numeric_local is 0 at schools and government
 * domains; custom_domain, typo_domain and the DNS and pattern columns that credit a company
 * domain are 0 for homographs and imitations.
 * 3: ngram_surprise is scaled down below 8 scored letters, and reads letters around interior
 * digits as one run ("wak11pnsjk") when that is less probable.
 * 4: domain_pattern_match is 0 while enough of the domain's other inboxes arrived in the last
 * 10 minutes to have made the pattern on their own (a burst's own shape is no convention).
 * 5: appended numbered_name and mail_service_domain.
 * 6: long_local is 0 for handles composed of separated parts at the big consumer providers.
 * 7: numbered_name counts word handles as well as names; appended random_tag.
 * 8: numbered_name needs 4+ letters before the number (initials or an ID prefix and a number is
 * how organisations number their people); long_local counts ASCII characters only.
 * 9: signup_wave counts two thirds at a domain something vouches for (free mail, school,
 * government, relay, mail hosted by a big provider), in full elsewhere (its weight -2.0 -> -3.0).
 * 10: appended generated_domain.
 * 11: role_account is 0 for a contact mailbox (hello@, mail@, info@) at a person's own domain
 * (a domain no list knows whose name reads as a person's name): that person's inbox.
 * 12: ip_burst is 0 at school and government addresses (the institution issues those inboxes:
 * a class behind its NAT, not one actor making them); signup_wave leaves out the other inboxes
 * at the domain of the check's own bulk request (a customer's list, sent together).
 * 13: honorific knows the titles of scam personas (mister, agent, sgt, colonel, evangelist,
 * apostle; ms, sir, lady and col only before a separator) and is not said of a listed given name
 * that runs on through a title's letters ("dragan", "reva"), glued.
 * 14: service_words also counts the service words a look-alike spelling hides: rn for m, vv for w,
 * cl for d, a leet digit ending the letters (`rnicrosoft`, `vvalmart`, `paypa1`).
 * 15: ip_burst is 0 while the IP's inboxes of its last 10 minutes are at 8 or more registrable
 * domains (a shared gateway, not a farm: recentDomainsFromIp).
 * 16: reported_fake_domain needs two established reporters (50 or more outcomes in all) among
 * those who reported the domain (domainFakeEstablished), not any two.
 * 17: a service word that is also a listed family name (officer, winner, bank, chambers; not a
 * role mailbox such as billing or staff) next to a given name or initial is read as the family
 * name (service_words, name_score, shape); US Census 2010 family names that hold a service word's
 * letters (Banks, Webster, Stafford) join the family names.
 * 18: appended numbered_burst.
 * 19: appended bulk_suffix.
 * 20: bulk_suffix is 0 for a person's own mailbox at a domain in their name (the label reads as a
 * person's name; the mailbox is a contact word or names the owner: `anna@annaberg.top`).
 * 21: a service word of 7+ letters written with one slip (a letter left out, a neighbouring pair
 * swapped, a letter doubled: `paymnt`, `wbemaster`) is read as the word (service_words and the
 * local part's other signals), unless the form is a dictionary word (src/signals/misspelt.ts).
 * 22: bulk_suffix is also 0 for a mailbox that names a label the lists lack but spelled as names are
 * (`zorvak@zorvaktindel.top`).
 * 23: a local part that ends in a school's or a government's domain name (`helpdesk.qzu.edu`,
 * `it.eastvale.ac.uk`) counts those letters as service letters (service_words;
 * src/signals/institution-local.ts).
 * 24: a leet reading also reads two or three leet digits in a row (`l33t`, `m1ch43l`) and two
 * `1`s each way (`a13x1s`), and none is taken when another digit is left among or before the
 * letters (`74g1l6ru`, `x7k2p9q4`): the local part's signals (name_score, mixed_alnum, the
 * spelling columns) are that reading's (src/signals/leet.ts).
 * 25: appended dotted_alias.
 * 26: a local part of one letter run (a number after it at most) that is a listed family name of
 * one Mandarin syllable, 3+ letters, with two pinyin initials before or after it (`zhangxy`,
 * `xywang88`) reads as that name and two initials: the initials are no spelling and no unexplained
 * letters (name_score, uncovered_share, ngram_surprise, odd_ending; src/signals/pinyin-initials.ts).
 * 27: a school's or a government's domain name ending the local part is no service letters when
 * every label before it reads as a person's name (a listed name, an initial glued to one, two
 * glued: `jsmith.ucla.edu`, `annaberg.mit.edu`): their own address, written in.
 */
export const FEATURE_VERSION = 27;

/**
 * Registrable domains among an IP's last 10 minutes of inboxes from which it reads as a shared
 * gateway (ip_burst 0). Farms behind one IP in the synthetic corpora use 1-3 domains; a campus
 * of 50 behind one NAT 22-27; any 32 consecutive checks of either dev file 10 or more
 * (docs/scorecard.md §4).
 */
export const IP_GATEWAY_DOMAINS = 8;

export const FEATURE_NAMES = [
  // address (domain lists and syntax-level facts)
  'free_provider', 'custom_domain', 'school_domain', 'relay_address', 'disposable_domain',
  'role_account', 'typo_domain', 'plus_tag',
  // local part
  'name_score', 'name_shape', 'word_share', 'service_words', 'honorific', 'ngram_surprise', 'odd_ending',
  'uncovered_share', 'mixed_alnum', 'consonant_cluster', 'digit_run', 'year_suffix', 'numeric_local',
  'keyboard_walk', 'repeated_chunks', 'long_local',
  // DNS
  'no_mail_server', 'mail_gateway', 'hosted_mail',
  // IP
  'datacenter_ip', 'tor_exit',
  // history
  'ip_burst', 'alias_burst', 'signup_wave', 'reported_fake_domain', 'domain_pattern_match',
  'domain_pattern_mismatch', 'young_domain',
  // provider rules and look-alike domains (feature version 2)
  'impossible_mailbox', 'numeric_account', 'lookalike_domain', 'provider_imitation', 'government_domain',
  // names numbered at a domain that needs no number; unlisted mail services (feature version 5)
  'numbered_name', 'mail_service_domain',
  // a + tag that files nothing: one inbox made into many accounts (feature version 7)
  'random_tag',
  // an unlisted domain whose name a machine generated (feature version 10)
  'generated_domain',
  // one account's numbered inboxes of one stem arriving together (feature version 18)
  'numbered_burst',
  // an unlisted domain under a top-level name sold for cents in bulk (feature version 19)
  'bulk_suffix',
  // dots inside names at a provider that ignores dots: one inbox dressed as a new one (feature version 25)
  'dotted_alias',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Float64Array in FEATURE_NAMES order. It is a view into a shared slab (see allocVector):
 * read it by index or copy it (`Array.from(x)`, `x.slice()`); never serialise `x.buffer`.
 */
export type FeatureVector = Float64Array;

/**
 * Column of each feature. Object.fromEntries keeps it a fast-properties object in V8 (adding
 * 35 computed keys one by one turns it into a slow dictionary, several times slower per lookup).
 */
export const FEATURE_INDEX: Readonly<Record<FeatureName, number>> = Object.fromEntries(
  FEATURE_NAMES.map((n, i) => [n, i]),
) as Record<FeatureName, number>;

export interface FeatureInput {
  readonly address: AddressSignals;
  readonly local: LocalPartSignals;
  readonly dns?: DnsFacts;
  readonly ip?: IpFacts;
  readonly history?: HistoryFacts;
}

const NAME_SHAPE_SET: ReadonlySet<string> = new Set<string>([...NAME_SHAPES, ...NAME_SHAPES.map((s) => `${s}+digits`)]);
const HOSTED_PROVIDERS = new Set(['google', 'microsoft', 'yahoo', 'apple', 'zoho', 'proton']);
/** Bits per letter a name/word spelling costs at most; beyond this a string is improbable. */
const NGRAM_NORMAL_BITS = 4.5;
/**
 * Letters from which the n-gram column counts in full. Its evidence is a sum over letters (a
 * log-likelihood ratio), so a short handle's per-letter mean says less than a long string's:
 * below this it is scaled down in proportion to the letters scored.
 */
const NGRAM_FULL_LETTERS = 8;
/** Name coverage that chance alone reaches in generated strings. */
const NAME_SCORE_CHANCE = 0.3;
/** Local-part length from which extra characters count as suspicious (generated strings run long). */
const LONG_LOCAL_FROM = 12;
/**
 * Digits from which a number after a name is no employer's duplicate counter (john.smith2):
 * at a domain where nobody else holds the name, 3 or more are a generator's recipe.
 */
const NUMBERED_NAME_DIGITS = 3;
/** Share of the letters that must be name letters (or word letters) for the local part to be "a name" (or a word handle). */
const NUMBERED_NAME_MIN_NAME = 0.5;
/**
 * Letters a numbered name needs: 1-3 letters and a number ("ew6505", "abm094", "emp269424") are
 * initials or an ID prefix with a staff or student number, the way organisations number their
 * people, not a name or a word a generator made unique.
 */
const NUMBERED_NAME_MIN_LETTERS = 4;
/**
 * Inboxes of one numbered stem at one account from which they read as a batch: 3 in its last 10
 * minutes, or 5 in its hour. People who share a stem innocently (a hobby word or a first name
 * with their own year or number: `golfnut58`, `maria1987`) reach 3 in 10 minutes in 0.4% of a
 * stream of 10,000 sign-ups an hour of hand-made hobby handles, and never in one of every
 * region's people (docs/scorecard.md §4, feature version 18).
 */
const NUMBERED_RECENT_FROM = 3;
const NUMBERED_HOUR_FROM = 5;
/** A domain's 10-minute count must exceed this multiple of its usual 10 minutes to be a wave. */
const WAVE_FACTOR = 5;
/** A wave's strength at a domain something vouches for (free mail, school, government, hosted mail), of the full. */
const WAVE_VOUCHED_SHARE = 2 / 3;

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/**
 * A zeroed vector carved from a shared ArrayBuffer slab. A fresh Float64Array of 35 doubles
 * is past V8's on-heap typed-array limit (64 bytes) and costs a malloc and GC bookkeeping;
 * a view into a slab costs a small fraction of that, which matters at the rate signals run
 * (docs/architecture.md, Benchmarks). A slab is freed when no vector cut from it is alive
 * any more.
 */
const SLAB_VECTORS = 256;
let slab = new ArrayBuffer(0);
let slabUsed = SLAB_VECTORS;
function allocVector(): Float64Array {
  if (slabUsed === SLAB_VECTORS) {
    slab = new ArrayBuffer(FEATURE_NAMES.length * 8 * SLAB_VECTORS);
    slabUsed = 0;
  }
  return new Float64Array(slab, FEATURE_NAMES.length * 8 * slabUsed++, FEATURE_NAMES.length);
}

export function buildFeatures(input: FeatureInput): FeatureVector {
  const { address: a, local: l, dns, ip, history: h } = input;
  const x = allocVector();
  const I = FEATURE_INDEX; // direct index writes: this runs on every check
  // A domain posing as a provider (homograph or brand imitation) is no company's own domain, nor
  // is one under no real top-level name (a mistyped one: nobody's).
  const posing = a.lookalikeOf !== undefined || a.imitates !== undefined;
  const custom = !a.free && !a.disposable && !a.relay && !a.school && !posing && !a.unknownSuffix;

  x[I.free_provider] = a.free ? 1 : 0;
  x[I.custom_domain] = custom ? 1 : 0;
  x[I.school_domain] = a.school ? 1 : 0;
  x[I.relay_address] = a.relay ? 1 : 0;
  x[I.disposable_domain] = a.disposable ? 1 : 0;
  // A role address is nobody's own inbox at a company; hello@ or mail@ at a domain named after a
  // person is that person's (docs/scorecard.md §4, feature version 11).
  x[I.role_account] = a.roleAccount && !a.ownSiteMailbox ? 1 : 0;
  x[I.typo_domain] = a.typoOf !== undefined ? 1 : 0;
  x[I.plus_tag] = a.plusTagged ? 1 : 0;

  const numeric = l.shape === 'numeric';
  // Fragments of names turn up by chance in any string ("zqvkfpwxbt" holds a few); only
  // coverage beyond 30% of the letters counts, scaled so full coverage is 1.
  x[I.name_score] = clamp01((l.nameScore - NAME_SCORE_CHANCE) / (1 - NAME_SCORE_CHANCE));
  x[I.name_shape] = NAME_SHAPE_SET.has(l.shape) ? 1 : 0;
  x[I.word_share] = l.wordShare;
  // An exact role address ("info") is role_account's evidence; counting its word again would double it.
  x[I.service_words] = a.roleAccount ? 0 : l.serviceShare;
  x[I.honorific] = l.honorific ? 1 : 0;
  // 1 bit/letter above normal per unit, capped at 4: "zqvkfpwxbt" sits near the cap; a
  // handle of fewer than 8 letters counts in proportion (6 letters: three quarters).
  x[I.ngram_surprise] = l.ngramLetters >= 3 ? (Math.min(4, Math.max(0, -l.ngramLogLik - NGRAM_NORMAL_BITS)) / 4) * Math.min(1, l.ngramLetters / NGRAM_FULL_LETTERS) : 0;
  // Ending 5+ bits/letter improbable begins to count; 9+ bits is full strength.
  x[I.odd_ending] = l.tailLogLik < 0 ? clamp01((-l.tailLogLik - 5) / 4) : 0;
  x[I.uncovered_share] = l.letters >= 3 ? l.uncoveredShare : 0;
  // "t77marlow" (2 switches) is a handle; "x7k2p9q4" (7) is generated.
  x[I.mixed_alnum] = clamp01((l.letterDigitSwitches - 2) / 4);
  // Four consonants occur in real names ("schm", "ngst"); from five on they rarely do.
  x[I.consonant_cluster] = Math.min(3, Math.max(0, l.consonantRunMax - 4)) / 3;
  // Digits inside a lettered local part: 1-2 are everyday ("anna92"), long runs are not; a
  // trailing birth year ("anna1987") is year_suffix's, not a run of digits.
  x[I.digit_run] = numeric ? 0 : Math.min(4, Math.max(0, l.digitRunMaxBeyondYear - 2)) / 4;
  x[I.year_suffix] = l.yearSuffix ? 1 : 0;
  // Institutions number their people (student and staff numbers): all digits is normal there.
  x[I.numeric_local] = numeric && !a.school && !a.government ? 1 : 0;
  x[I.keyboard_walk] = l.keyboardWalk > 0 ? 1 : 0;
  x[I.repeated_chunks] = l.length ? clamp01(l.repeatedChunks / l.length) : 0;
  // Generated strings run long. At the big consumer providers, where every short form of a name
  // was taken long ago, people compose longer handles from separated parts that names and words
  // spell throughout ("anna.maria.lindqvist", "tom.berg.garden"): such a handle is as long as
  // its parts. Service words keep the penalty (department strings are composed too:
  // "billing.notice.desk"), and so do other domains, where it would pass a generator's names
  // (docs/scorecard.md §4, feature version 6).
  const composed = a.popularProvider && l.separated && l.letters > 0 && l.uncoveredShare === 0 && l.serviceShare === 0;
  // Generated strings run long in ASCII; a name in its own script (RFC 6531: Greek, Thai,
  // Cyrillic...) is long in characters by the way the script spells (combining marks, long
  // family names); the sign-up generators we know write ASCII: only ASCII characters count.
  x[I.long_local] = composed ? 0 : clamp01((l.length - l.nonAscii - LONG_LOCAL_FROM) / 8);

  x[I.impossible_mailbox] = a.impossibleMailbox ? 1 : 0;
  x[I.numeric_account] = a.numericAccount ? 1 : 0;
  x[I.lookalike_domain] = a.lookalikeOf !== undefined ? 1 : 0;
  x[I.provider_imitation] = a.imitates !== undefined ? 1 : 0;
  x[I.government_domain] = a.government ? 1 : 0;
  // A name or a handle of words is not taken at a company's or a person's own domain, so it
  // needs no number to be unique; employers number a duplicate with a digit or two. Letters
  // that names or words spell, followed by 3+ digits (and no other digits) that are no birth
  // year, is how generators make a name or a word pair unique. Not at free mail (taken
  // handles), schools or government domains, nor for initials or an ID prefix (1-3 letters):
  // organisations number their people that way.
  x[I.numbered_name] = custom && !a.government && l.trailingDigits >= NUMBERED_NAME_DIGITS && l.digitCount === l.trailingDigits
    && l.letters >= NUMBERED_NAME_MIN_LETTERS && !l.yearSuffix && (l.nameScore >= NUMBERED_NAME_MIN_NAME || l.wordShare >= NUMBERED_NAME_MIN_NAME) ? 1 : 0;
  x[I.random_tag] = l.randomTag ? 1 : 0;
  // Gmail delivers every dotted spelling to one inbox: dots that break names where no part ends
  // read as nothing to a person and buy a spelling no site has seen (src/signals/dotted-alias.ts).
  x[I.dotted_alias] = a.dottedAlias ? 1 : 0;

  // A domain under no real top-level name (accepted only as a typo: check/typo-hint.ts), or one
  // reserved for documentation, cannot receive mail, which is what no_mail_server says, and
  // needs no DNS to know it.
  x[I.no_mail_server] = a.unknownSuffix || a.documentationDomain || dns?.deliverable === false ? 1 : 0;
  if (dns) {
    x[I.mail_gateway] = dns.deliverable === true && dns.mailProvider === 'gateway' && !posing ? 1 : 0;
    x[I.hosted_mail] = dns.deliverable === true && custom && dns.mailProvider !== undefined && HOSTED_PROVIDERS.has(dns.mailProvider) ? 1 : 0;
  }
  // An unlisted domain named as a mail service, unless DNS says a big provider hosts its mail:
  // a mail service runs its own mail servers, a company on Google or Microsoft does not.
  x[I.mail_service_domain] = a.mailService && x[I.hosted_mail] === 0 ? 1 : 0;
  // An unlisted domain whose name a generator wrote (letters and digits interleaved): nobody
  // names a company or a family so; a throwaway service or a farm registering by the hundred
  // does. Not when a big provider hosts its mail, for the reason above.
  x[I.generated_domain] = a.generatedName && x[I.hosted_mail] === 0 ? 1 : 0;
  // An unlisted domain where names are sold for cents in bulk: where a throwaway service buys
  // its next domains. Weaker than the label signals above (people keep their own sites there
  // too), and not when a big provider hosts its mail, for the reason above.
  x[I.bulk_suffix] = a.bulkSuffix && x[I.hosted_mail] === 0 ? 1 : 0;
  if (ip && ip.ignored === undefined) {
    x[I.datacenter_ip] = ip.datacenter !== undefined ? 1 : 0;
    x[I.tor_exit] = ip.tor ? 1 : 0;
  }
  if (h) {
    // Counts become log2 steps above the level that is normal, capped at 4 doublings.
    // The IP's rate (its last 10 minutes), not its hour: a farm signs up within minutes, while
    // 50 people behind a campus NAT over an hour are 50 in the hour too. Not at a school's or a
    // government's address: the institution issues those inboxes (in the shape it assigns, as
    // numeric_local knows), so many of them behind one IP are a class at its NAT, not one actor
    // making inboxes.
    // Nor while the IP's inboxes of those 10 minutes are at IP_GATEWAY_DOMAINS or more registrable
    // domains: a farm behind one IP writes to the few domains it has inboxes at, a shared gateway
    // (a NAT of many people, a customer's own proxy) carries people of every provider.
    const issued = a.school || a.government;
    const gateway = (h.recentDomainsFromIp ?? 0) >= IP_GATEWAY_DOMAINS;
    if (!issued && !gateway && h.recentSignupsFromIp !== undefined && h.recentSignupsFromIp >= 3) x[I.ip_burst] = Math.min(4, Math.log2(h.recentSignupsFromIp / 2)) / 4;
    if (h.aliasVariants !== undefined && h.aliasVariants >= 3) x[I.alias_burst] = Math.min(4, h.aliasVariants - 2) / 4;
    // Numbered inboxes of one stem (`annaberg0001`, `annaberg0002`) are different inboxes that
    // nothing else links, from as many IPs as a farm likes: log2 steps above the count people
    // reach by chance, in 10 minutes (a farm's batch) or in the hour (one spread out), capped at
    // 4 doublings. Not at school and government addresses: the institution issues numbered
    // inboxes (`student0412`), and signs up a class of them together.
    const recentStem = h.recentNumberedSiblings ?? 0;
    const hourStem = h.numberedSiblings ?? 0;
    if (!issued && (recentStem >= NUMBERED_RECENT_FROM || hourStem >= NUMBERED_HOUR_FROM)) {
      const steps = Math.max(Math.log2(recentStem / (NUMBERED_RECENT_FROM - 1)), Math.log2(hourStem / (NUMBERED_HOUR_FROM - 1)));
      x[I.numbered_burst] = Math.min(4, steps) / 4;
    }
    // A wave is judged against the domain's own normal 10 minutes (its recent rate): 20 at a
    // small company is a wave, at gmail.com it is a minute. Below WAVE_FACTOR x normal: none.
    // A customer's own list checked in one bulk request is not a wave of sign-ups: the request's
    // other inboxes at the domain arrive together because the customer sent them together.
    const wave = h.recentSignups === undefined ? undefined : h.recentSignups - (h.requestInboxesAtDomain ?? 0);
    if (wave !== undefined && wave >= 20) {
      const normal = Math.max(10, WAVE_FACTOR * (h.recentSignupsExpected ?? 0));
      // A wave counts in full only where nobody vouches for the domain: dozens of new inboxes in
      // 10 minutes at a domain that is no provider's, school's or government's, and not hosted by a
      // big provider (throwaway services run their own servers), is a throwaway service or a farm.
      // Elsewhere (free mail, whose level a deployment sees only a share of; schools and
      // governments, which sign up their people in classes; a company on Google or Microsoft) at
      // most WAVE_VOUCHED_SHARE, which keeps the weight of those waves as feature version 8 had it.
      const vouched = a.free || a.school || a.government || a.relay || x[I.hosted_mail] === 1;
      if (wave > normal) x[I.signup_wave] = (vouched ? WAVE_VOUCHED_SHARE : 1) * Math.min(4, Math.log2(wave / normal)) / 4;
    }
    // Two established reporters at least: accounts one actor opens are new, and two of them would otherwise be enough.
    if (h.domainFakeRate !== undefined && (h.domainFakeReporters ?? 0) >= 2 && (h.domainFakeEstablished ?? 0) >= 2) x[I.reported_fake_domain] = clamp01(h.domainFakeRate);
    // A pattern says how a company names its people only if time made it: when the domain's
    // other inboxes of the last 10 minutes are enough to make a pattern by themselves, it may be
    // the shape of one generator's burst (a farm writes every address the same way), which
    // would otherwise credit each further address of the burst for following itself.
    const patternFromBurst = (h.recentSignups ?? 0) - 1 >= PATTERN_MIN_OBSERVATIONS;
    if (h.domainPattern === 'match' && !posing && !patternFromBurst) x[I.domain_pattern_match] = 1;
    if (h.domainPattern === 'mismatch') x[I.domain_pattern_mismatch] = 1;
    if (h.domainAgeDays !== undefined) x[I.young_domain] = clamp01((180 - h.domainAgeDays) / 180);
  }
  return x;
}
