/**
 * What `mailsift serve` prints (to stderr, after every start-up log line) when it generated a
 * development API key: the key, how to call the API with it, and what to export to keep it
 * once keys of one's own are set. Pure: the role gives the key, its account, the address and
 * where the key's hash is kept.
 */
export interface DevKeyNoticeInput {
  readonly key: string;
  readonly account: string;
  /** The API's address, e.g. http://127.0.0.1:8080. */
  readonly address: string;
  /** The file that keeps the key's hash, as the operator would type it (relative when under the working dir). */
  readonly keysFile: string;
}

export function devKeyNotice(d: DevKeyNoticeInput): string {
  const rule = '─'.repeat(78);
  return [
    '',
    rule,
    `mailsift is ready at ${d.address}`,
    '',
    `A development API key was generated for account "${d.account}". It is shown only this once:`,
    `only its hash is kept (${d.keysFile}).`,
    '',
    `    ${d.key}`,
    '',
    'Send it in the Authorization header of every /v1 request, for example:',
    '',
    `    export KEY=${d.key}`,
    `    curl -s ${d.address}/v1/check -H "authorization: Bearer $KEY" -H 'content-type: application/json' \\`,
    `      -d '{"email":"jane.doe@gmail.com"}'`,
    '',
    'The service needs no setting for this key. To use keys of your own, set MAILSIFT_API_KEYS',
    '(key=account pairs, comma-separated; it replaces this key); to keep this one among them:',
    '',
    `    export MAILSIFT_API_KEYS=${d.key}=${d.account}`,
    '',
    `Lost it? Stop the service, delete ${d.keysFile}, start again: a new key is generated.`,
    rule,
    '',
  ].join('\n');
}
