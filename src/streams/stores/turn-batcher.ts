/**
 * Gathers the requests made in one turn of the event loop and sends them to the database in
 * one call. Each call is a trip to the libuv pool: a queue and a thread wake-up, which on two
 * busy cores is where the scheduler switches the calling thread out, so its cost is per call,
 * not per key. Nothing waits longer than the current I/O callbacks (setImmediate): an idle
 * thread loses nothing, a busy one shares the trip among everything that turn asked for.
 *
 * `limit` bounds one call (`max` in the units `size` counts; a request is never split); without
 * it, everything of a turn goes in one call.
 */
export function turnBatcher<Req, Res>(send: (group: readonly Req[]) => Promise<Res[]>, limit?: { size(r: Req): number; max: number }): (r: Req) => Promise<Res> {
  let queue: { req: Req; resolve(v: Res): void; reject(err: unknown): void }[] = [];
  let scheduled = false;

  const sendGroup = (group: typeof queue): void => {
    send(group.map((w) => w.req)).then(
      (results) => group.forEach((w, i) => w.resolve(results[i]!)),
      (err: unknown) => group.forEach((w) => w.reject(err)),
    );
  };

  const flush = (): void => {
    scheduled = false;
    const waiting = queue;
    queue = [];
    let group: typeof queue = [];
    let total = 0;
    for (const w of waiting) {
      const n = limit ? limit.size(w.req) : 0;
      if (group.length && limit && total + n > limit.max) {
        sendGroup(group);
        group = [];
        total = 0;
      }
      group.push(w);
      total += n;
    }
    if (group.length) sendGroup(group);
  };

  return (req) =>
    new Promise((resolve, reject) => {
      queue.push({ req, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
