// A thread that writes a shared key filter (key-filter.test.ts): after each batch of adds it
// posts the batch's keys, as the stream worker posts a commit after adding its keys.
import { register } from 'tsx/esm/api';
import { parentPort, workerData } from 'node:worker_threads';

register();
const { KeyFilter } = await import('../../../src/streams/stores/key-filter.ts');
const filter = KeyFilter.over(workerData.shared);
for (let b = 0; b < workerData.batches; b++) {
  const keys = [];
  for (let i = 0; i < workerData.perBatch; i++) {
    const k = Buffer.alloc(24);
    k.writeUInt32BE(b, 0);
    k.writeUInt32BE(i, 4);
    k.writeUInt32BE((b * 2654435761 + i * 40503) >>> 0, 8);
    filter.add(k);
    keys.push(k);
  }
  parentPort.postMessage({ batch: b, keys });
}
parentPort.postMessage({ done: true });
