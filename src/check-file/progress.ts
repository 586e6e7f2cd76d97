/**
 * The progress bar on a terminal (cli-progress, on stderr): share of IN done, rows, addresses
 * per second, ETA. Nothing when stderr is not a terminal: a log or a pipe gets only the summary.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(doneBytes: number, rows: number): void;
  note(text: string): void;
  stop(): void;
}

const NONE: Progress = { update: () => {}, note: () => {}, stop: () => {} };

export function createProgress(o: { totalBytes: number; startBytes: number; tty: boolean; stream: NodeJS.WriteStream; now: () => number }): Progress {
  if (!o.tty) return NONE;
  const bar = new cliProgress.SingleBar(
    {
      stream: o.stream,
      format: '{bar} {percentage}% | {rows} rows | {rate} addresses/s | ETA {eta_formatted}{note}',
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = o.now();
  let checked = 0;
  let note = '';
  bar.start(Math.max(1, o.totalBytes), o.startBytes, { rows: 0, rate: 0, note });
  return {
    update(doneBytes, rows) {
      checked = rows;
      const s = (o.now() - started) / 1000;
      bar.update(doneBytes, { rows, rate: s > 0 ? Math.round(checked / s) : 0, note: (note = '') });
    },
    note(text) {
      note = ` | ${text}`;
      bar.update({ note });
    },
    stop: () => bar.stop(),
  };
}
