/**
 * A sign-up flow with Mailsift, whole: a form; the check (fail-open, so Mailsift is never why a
 * real person cannot sign up); the decision shown; a verification email (kept in an outbox page:
 * this example sends no mail); and, when its link is clicked, the outcome `confirmed` reported
 * with the check_id, so Mailsift learns from the people who really own their address.
 *
 * Accounts live in memory: the point is the loop, not the storage.
 */
import { randomBytes } from 'node:crypto';
import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { MailsiftError, type CheckOrAllow, type Mailsift } from 'mailsift-client';

export interface SignupAppOptions {
  mailsift: Mailsift;
  /** Where this app is reached (for the links in verification emails). */
  publicUrl: string;
  /** Refuse `review` too (default: accept it, flagged for review). */
  denyReview?: boolean;
  /** The check's time budget before failing open (ms). */
  timeoutMs?: number;
}

export interface Account {
  email: string;
  name: string;
  status: 'unverified' | 'verified';
  verdict: 'allow' | 'review';
  checkId?: string;
  failedOpen?: string;
  reported?: 'confirmed' | 'failed';
}

interface Mail {
  to: string;
  subject: string;
  link: string;
}

export function buildSignupApp(o: SignupAppOptions): FastifyInstance {
  const app = Fastify();
  void app.register(formBody);
  const accounts = new Map<string, Account>();
  const tokens = new Map<string, string>();
  const outbox: Mail[] = [];

  app.get('/', async (_req, reply) => reply.type('text/html').send(page('Sign up', form())));

  app.post('/signup', async (req, reply) => {
    const body = (req.body ?? {}) as { email?: string; name?: string };
    const email = (body.email ?? '').trim();
    const name = (body.name ?? '').trim();
    if (!email) return reply.code(400).type('text/html').send(page('Sign up', form({ error: 'Please enter your email address.', name })));
    let decision: CheckOrAllow;
    try {
      decision = await o.mailsift.checkOrAllow(email, { timeoutMs: o.timeoutMs ?? 1500, ...(isPublicIp(req.ip) ? { ip: req.ip } : {}) });
    } catch (err) {
      if (err instanceof MailsiftError && err.status === 400) return reply.code(400).type('text/html').send(page('Sign up', form({ error: `That address cannot receive mail (${err.message}).`, email, name })));
      throw err;
    }
    if (!decision.failed_open && (decision.verdict === 'block' || (decision.verdict === 'review' && o.denyReview))) {
      const hint = decision.did_you_mean ? `<p>Did you mean <a href="/?email=${encodeURIComponent(decision.did_you_mean)}">${esc(decision.did_you_mean)}</a>?</p>` : '';
      return reply.code(422).type('text/html').send(page('Sign up', `<p class="refused">We cannot accept this email address. Please use another one.</p>${hint}${form({ email, name })}`));
    }
    const key = email.toLowerCase();
    if (accounts.has(key)) return reply.code(409).type('text/html').send(page('Sign up', form({ error: 'This address is already registered.', name })));
    const account: Account = decision.failed_open
      ? { email, name, status: 'unverified', verdict: 'allow', failedOpen: decision.reason }
      : { email, name, status: 'unverified', verdict: decision.verdict === 'review' ? 'review' : 'allow', checkId: decision.check_id };
    accounts.set(key, account);
    const token = randomBytes(18).toString('base64url');
    tokens.set(token, key);
    outbox.push({ to: email, subject: 'Confirm your email address', link: `${o.publicUrl.replace(/\/+$/, '')}/verify?token=${token}` });
    const note = account.failedOpen
      ? `<p class="note">Mailsift did not answer in time (${esc(account.failedOpen)}): the account was created and flagged for a later review.</p>`
      : account.verdict === 'review'
        ? '<p class="note">Your account will be reviewed before it is activated.</p>'
        : '';
    return reply.type('text/html').send(page('Check your inbox', `<p>Check your inbox: we sent a link to <b>${esc(email)}</b>. Click it to confirm your address.</p>${note}<p><a href="/outbox">Open the outbox</a> (this example sends no real mail).</p>`));
  });

  app.get('/outbox', async (_req, reply) =>
    reply.type('text/html').send(page('Outbox', outbox.length ? `<ul>${outbox.map((m) => `<li>To ${esc(m.to)}: ${esc(m.subject)}: <a class="verify" href="${esc(m.link)}">${esc(m.link)}</a></li>`).join('')}</ul>` : '<p>No mail sent yet.</p>')),
  );

  app.get('/verify', async (req, reply) => {
    const token = (req.query as { token?: string }).token ?? '';
    const key = tokens.get(token);
    const account = key === undefined ? undefined : accounts.get(key);
    if (!account) return reply.code(404).type('text/html').send(page('Link not valid', '<p>This link is not valid (any more).</p>'));
    tokens.delete(token);
    account.status = 'verified';
    // The loop's last step: tell Mailsift this address belongs to a real person who reads it.
    if (account.checkId) {
      try {
        await o.mailsift.feedback({ check_id: account.checkId, outcome: 'confirmed' }, { timeoutMs: 3000 });
        account.reported = 'confirmed';
      } catch {
        account.reported = 'failed'; // the user is verified either way; a job could retry
      }
    }
    return reply.type('text/html').send(page('Email confirmed', `<p>Thanks, <b>${esc(account.email)}</b> is confirmed.</p>${account.reported === 'confirmed' ? '<p class="note">Reported to Mailsift: <code>confirmed</code>.</p>' : ''}`));
  });

  app.get('/accounts', async () => ({ accounts: [...accounts.values()] }));
  return app;
}

function form(v: { error?: string; email?: string; name?: string } = {}): string {
  return `${v.error ? `<p class="error">${esc(v.error)}</p>` : ''}<form method="post" action="/signup">
<label>Name <input name="name" value="${esc(v.name ?? '')}" autocomplete="name"></label>
<label>Email <input name="email" type="email" required value="${esc(v.email ?? '')}" autocomplete="email"></label>
<button type="submit">Sign up</button></form>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:16px system-ui;max-width:36rem;margin:3rem auto}label{display:block;margin:.5rem 0}.error,.refused{color:#a00}.note{color:#555}</style></head>
<body><h1>${esc(title)}</h1>${body}</body></html>`;
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Loopback and private addresses say nothing about the end user (Mailsift would ignore them too). */
const isPublicIp = (ip: string): boolean => !/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.|fc|fd)/.test(ip);
