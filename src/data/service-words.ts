/**
 * Words that make a local part speak for an organisation or a service rather than a
 * person ("webmaster", "helpdesk", "accountupdate", "claimsdept"). Exact role accounts
 * (info@, support@) are flagged by the address signals; this list catches the same words
 * *inside* longer local parts, which is how impersonation and scam reply addresses are
 * spelled. Our own list, written from the vocabulary of role-account lists (mixmax
 * `role-based-email-addresses`) and of phishing/advance-fee reply addresses reported in
 * public abuse feeds. No address and no row from any eval file.
 *
 * Brands: the companies phishing impersonates most (Check Point Research's quarterly Brand
 * Phishing Reports 2023-2025, APWG's Phishing Activity Trends Reports: software and cloud,
 * social networks, retail, payments, banks, crypto exchanges, carriers), as their names are
 * written in a local part. A brand's own staff write from its own domain; a brand inside a
 * free-mail or unknown domain's local part ("paypal.disputes", "netflixbilling") speaks for
 * it. Only names that are not everyday words or people's names (not apple, amazon, chase,
 * google, outlook, yahoo, steam, booking, santander) and of 4+ letters (not dhl, ups, irs).
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
  // brands phishing impersonates
  'microsoft', 'onedrive', 'sharepoint', 'docusign', 'dropbox', 'appleid', 'icloud', 'gmail', 'hotmail',
  'linkedin', 'facebook', 'instagram', 'whatsapp', 'tiktok', 'youtube', 'netflix', 'spotify', 'roblox',
  'walmart', 'costco', 'alibaba', 'aliexpress', 'airbnb', 'paypal', 'wellsfargo', 'bankofamerica',
  'citibank', 'hsbc', 'barclays', 'coinbase', 'binance', 'metamask', 'fedex', 'usps', 'verizon', 'comcast',
  'xfinity',
];
