/**
 * A fair share of the check pipeline for bulk work. Bulk slices are judged and recorded in a
 * bounded number of slots for the whole process, handed out round-robin among the accounts that
 * have bulk work waiting; single checks never wait for a slot. Each slot's task starts on a fresh
 * turn of the event loop (setImmediate), one task per turn, so requests that arrived meanwhile
 * are read and started between two bulk slices: one account's bulk is processed in slices that
 * yield to everyone else's checks instead of filling every queue ahead of them (without it, a
 * few looping bulk requests multiplied another account's single-check latency:
 * docs/architecture.md, Benchmarks).
 *
 * Order within an account is first come, first served; across accounts, a free slot goes to the
 * waiting account with the fewest tasks running (max-min fair), so two accounts' bulks progress
 * at the same pace whatever their sizes, and one that arrives while another holds every slot
 * gets the next one.
 */

export interface FairShare {
  /** Runs `task` in a slot when the account's turn comes; resolves or rejects with it. */
  run<T>(account: string, task: () => Promise<T>): Promise<T>;
  /**
   * Marks a single check in progress until the returned release: while any is, bulk work holds
   * at most FOREGROUND_SLOTS slots and a bulk task's start waits a turn or two (at most
   * MAX_DEFERRED in a row), so the single check's steps (its read's and its append's
   * completions) meet less bulk work in their turns, and bulk work takes the idle time.
   */
  foreground(): () => void;
  /**
   * How many addresses a bulk task starting now may take: one while single checks are coming in
   * (one in progress, or one finished less than RECENT_SINGLE_MS ago: their reads and appends
   * then meet one address's work per bulk slot, as before slices), `max` otherwise (a list
   * being cleaned with no one else checking gets whole slices: one read and one durable append
   * for many addresses).
   */
  sliceLimit(max: number): number;
  /** Tasks running and waiting (metrics, tests). */
  load(): { running: number; waiting: number };
}

type Job = (account: string) => void;

/** Turns a bulk task's start may wait for single checks in progress, in a row (bulk work never starves). */
const MAX_DEFERRED = 2;
/** Slots bulk work may hold while single checks are in progress. */
const FOREGROUND_SLOTS = 2;
/**
 * How long after a single check bulk slices stay at one address. A neighbour sending a check
 * every few hundred ms is then never met by whole slices (the instant of a slice's start
 * rarely falls inside a check of a few ms: at 50 checks/s, 1 in 7), and a list cleaned alone
 * gets whole slices a second after the last single check.
 */
const RECENT_SINGLE_MS = 1_000;

export function createFairShare(slots: number, nextTurn: (fn: () => void) => void = setImmediate, now: () => number = performance.now.bind(performance)): FairShare {
  if (!Number.isInteger(slots) || slots < 1) throw new Error('fair share: at least one slot');
  let running = 0;
  let waiting = 0;
  /** Accounts with work waiting, in turn order; each account's queue in arrival order. */
  const queues = new Map<string, Job[]>();

  /** Tasks running per account (accounts with none are absent). */
  const runningBy = new Map<string, number>();
  /** Tasks given a slot, in order, waiting for their turn of the event loop to start. */
  const starting: (() => void)[] = [];
  let foreground = 0;
  let deferred = 0;
  let lastSingle = -Infinity;

  const dispatch = (): void => {
    // While single checks are in progress, bulk work runs in fewer slots (it yields to them).
    const limit = foreground > 0 ? Math.min(slots, FOREGROUND_SLOTS) : slots;
    while (running < limit && queues.size > 0) {
      // The waiting account with the fewest tasks running takes the slot (the first in line
      // among equals), then goes to the back of the line.
      let account = '';
      let fewest = Infinity;
      for (const a of queues.keys()) {
        const n = runningBy.get(a) ?? 0;
        if (n < fewest) [account, fewest] = [a, n];
        if (n === 0) break;
      }
      const queue = queues.get(account)!;
      queues.delete(account);
      const job = queue.shift()!;
      if (queue.length > 0) queues.set(account, queue);
      running++;
      waiting--;
      runningBy.set(account, fewest + 1);
      starting.push(() => job(account));
      schedule();
    }
  };

  /**
   * One task starts per turn of the event loop: a bulk task is a slice of several addresses'
   * synchronous work, and the requests that arrived meanwhile are read between two of them.
   */
  const start = (): void => {
    scheduled = false;
    if (foreground > 0 && deferred < MAX_DEFERRED) {
      deferred++;
      schedule();
      return;
    }
    deferred = 0;
    starting.shift()?.();
    schedule();
  };
  /** One start scheduled at a time, also when a starting task submits another (a bulk slice tops up its request's tasks). */
  let scheduled = false;
  function schedule(): void {
    if (scheduled || starting.length === 0) return;
    scheduled = true;
    nextTurn(start);
  }

  const finished = (account: string): void => {
    running--;
    const n = runningBy.get(account)! - 1;
    if (n === 0) runningBy.delete(account);
    else runningBy.set(account, n);
    dispatch();
  };

  return {
    run<T>(account: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const job: Job = () => {
          let settled: Promise<T>;
          try {
            settled = task();
          } catch (err) {
            settled = Promise.reject(err);
          }
          settled.then(resolve, reject).finally(() => finished(account));
        };
        const queue = queues.get(account);
        if (queue) queue.push(job);
        else queues.set(account, [job]);
        waiting++;
        dispatch();
      });
    },
    foreground() {
      foreground++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        lastSingle = now();
        if (--foreground === 0) dispatch();
      };
    },
    sliceLimit: (max) => (foreground > 0 || now() - lastSingle < RECENT_SINGLE_MS ? 1 : max),
    load: () => ({ running, waiting }),
  };
}
