/**
 * How a command writes an error or a warning on standard error: a line for people, or with
 * --json (for machines) one JSON object per line, `{"error": "..."}` or `{"warning": "..."}`,
 * so a script that asked for JSON never has to parse text. The exit code says the same either way.
 */
export function errorLine(message: string, json: boolean): string {
  return json ? JSON.stringify({ error: oneLine(message) }) : message;
}

export function warningLine(message: string, json: boolean): string {
  return json ? JSON.stringify({ warning: oneLine(message) }) : `mailsift: warning: ${message}`;
}

/** Several problems (one per line in text) joined into one message. */
function oneLine(message: string): string {
  return message.split('\n').map((l) => l.trim()).filter(Boolean).join('; ');
}
