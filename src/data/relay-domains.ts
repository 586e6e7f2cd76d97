/**
 * Privacy-relay (masked e-mail) domains: the address forwards to a real person's hidden inbox.
 * A relay is usually a real human, so it is NOT disposable (relay wins over disposable).
 *
 * Source: ../shared/fixtures/providers.md section 3 (our team's fact sheet, each row citing
 * vendor docs or source code; confidence A/B/C noted per entry below). Deliberately excluded,
 * as that sheet says: privacy *mailbox* providers (mailbox.org, startmail.com, mailfence.com,
 * countermail.com, kolabnow.com, ...) which are real inboxes, and generic forwarders
 * (forwardemail.net, improvmx.com, ...) which serve custom domains we cannot see.
 */
export interface RelayService {
  readonly service: string;
  /** Addresses at exactly these domains are relays. */
  readonly domains: readonly string[];
  /** Addresses at any subdomain of these (dot boundary) are relays too: per-user alias subdomains. */
  readonly subdomainsOf: readonly string[];
}

export const RELAY_SERVICES: readonly RelayService[] = [
  // A: Apple developer docs. Only the exact domain; sub.privaterelay.appleid.com is not a known shape.
  { service: 'apple_hide_my_email', domains: ['privaterelay.appleid.com'], subdomainsOf: [] },
  // A: mozilla/fx-private-relay settings MOZMAIL_DOMAIN and RELAY_FIREFOX_DOMAIN; premium subdomains.
  { service: 'firefox_relay', domains: ['mozmail.com', 'relay.firefox.com'], subdomainsOf: ['mozmail.com'] },
  // B: DuckDuckGo Email Protection.
  { service: 'duckduckgo', domains: ['duck.com'], subdomainsOf: [] },
  // A: simplelogin.com, aleeas.com, user subdomains; B: slmail.me, simplelogin.fr/.co; C: premium domains.
  {
    service: 'simplelogin',
    domains: ['simplelogin.com', 'aleeas.com', 'slmail.me', 'simplelogin.fr', 'simplelogin.co', '8alias.com', '8shield.net', 'dralias.com'],
    subdomainsOf: ['simplelogin.com'],
  },
  // C: Proton Pass hide-my-email alias domains.
  { service: 'proton_pass', domains: ['passmail.net', 'passmail.com', 'passinbox.com'], subdomainsOf: [] },
  // A: addy.io (AnonAddy) shared domain and per-user subdomains.
  { service: 'addy_io', domains: ['anonaddy.me', 'anonaddy.com'], subdomainsOf: ['anonaddy.com'] },
];
