/**
 * A failure at start that the operator can fix from its message alone (a HOST that does not
 * resolve, a port in use, a data dir another process holds, a damaged secret file): the
 * `mailsift` command prints the message and exits 1 without a stack trace, which would only
 * bury the one line that matters. Anything else is a bug and keeps its stack.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
