/**
 * Mail exchangers of disposable-mail services. A new throwaway domain appears every day, but
 * it points its MX at one of a few services' servers: a domain whose MX host is one of these
 * is disposable even when no list knows it yet (src/signals/disposable-mx.ts).
 *
 * Source: the `tempmail_mx_servers` table of duhow/mail-checker (mail_checker/const.py, from
 * UserCheck's public provider list), keeping the hosts whose name is the disposable service
 * itself; left out: relays (SimpleLogin, addy.io: real people hiding their address), shared
 * hosting MX (mailhostbox.com serves ordinary companies) and hosts whose owner is unclear.
 * Matching is on the host or a parent (dot boundary). Mailsift, Apache-2.0.
 */
export const DISPOSABLE_MX_HOSTS: readonly { readonly host: string; readonly service: string }[] = [
  { host: 'mail.mailinator.com', service: 'mailinator' },
  { host: 'mail2.mailinator.com', service: 'mailinator' },
  { host: 'smtp.yopmail.com', service: 'yopmail' },
  { host: 'in.mail.tm', service: 'mail.tm' },
  { host: 'mx.discard.email', service: 'discard.email' },
  { host: 'mx.moakt.com', service: 'moakt' },
  { host: 'mx.temp-mail.io', service: 'temp-mail.io' },
  { host: 'mx2.temp-mail.io', service: 'temp-mail.io' },
  { host: 'prd-smtp.10minutemail.com', service: '10minutemail' },
  { host: 'mx.1secmail.com', service: '1secmail' },
  { host: 'generator.email', service: 'generator.email' },
  { host: 'emailfake.com', service: 'emailfake' },
  { host: 'email-fake.com', service: 'emailfake' },
  { host: 'tempm.com', service: 'tempm' },
  { host: 'mailnesia.com', service: 'mailnesia' },
  { host: 'papierkorb.me', service: 'papierkorb' },
];
