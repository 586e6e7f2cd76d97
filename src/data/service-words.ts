/**
 * Words that make a local part speak for an organisation or a service rather than a
 * person ("webmaster", "helpdesk", "accountupdate", "claimsdept"). Exact role accounts
 * (info@, support@) are flagged by the address signals; this list catches the same words
 * *inside* longer local parts, which is how impersonation and scam reply addresses are
 * spelled. Our own list, written from the vocabulary of role-account lists (mixmax
 * `role-based-email-addresses`) and of phishing/advance-fee reply addresses reported in
 * public abuse feeds. Generic terms only: no brand, no address, no row from any eval file.
 *
 * Only words of 3+ letters: shorter ones occur by chance inside names. Generic handle words
 * that people use for their own addresses ("contact", "tech", "server", "dev") are left out.
 */
export const SERVICE_WORDS: readonly string[] = [
  // administration and IT
  'admin', 'administrator', 'sysadmin', 'webmaster', 'postmaster', 'hostmaster', 'webmail', 'mailbox',
  'mail', 'email', 'system', 'systems', 'network', 'helpdesk', 'desk', 'help', 'support',
  'service', 'services', 'servicedesk', 'technical', 'portal', 'online', 'web', 'internet',
  // accounts and security
  'account', 'accounts', 'update', 'updates', 'upgrade', 'upgrades', 'verify', 'verification',
  'validate', 'validation', 'confirm', 'confirmation', 'security', 'secure', 'alert', 'alerts',
  'notice', 'notification', 'notifications', 'warning', 'password', 'login', 'access', 'quota',
  'maintenance', 'restore', 'unlock', 'suspend', 'suspended',
  // organisation voice
  'team', 'staff', 'office', 'center', 'centre', 'department', 'dept', 'unit', 'division',
  'management', 'manager', 'officer', 'director', 'board', 'committee', 'official', 'headquarters',
  'info', 'information', 'enquiry', 'enquiries', 'inquiry', 'inquiries', 'reply', 'noreply',
  'customer', 'customers', 'care', 'client', 'clients', 'member', 'members', 'membership', 'user', 'users',
  // money, prizes and claims
  'billing', 'payment', 'payments', 'bank', 'banking', 'loan', 'loans', 'finance', 'financial', 'fund',
  'funds', 'funding', 'transfer', 'remittance', 'refund', 'claim', 'claims', 'award', 'awards', 'prize',
  'winner', 'winning', 'lotto', 'lottery', 'promo', 'promotion', 'bonus', 'donation',
  'activate', 'activation', 'reactivate', 'deactivation', 'compensation', 'payout', 'invest', 'investment', 'consultant', 'agent', 'agency', 'courier', 'delivery',
  'shipping', 'dispatch', 'diplomat', 'embassy', 'barrister', 'attorney', 'lawyer', 'chambers', 'legal',
];
