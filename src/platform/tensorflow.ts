/**
 * TensorFlow.js setup for the processes that fit models (docs/architecture.md: The learned model):
 * `@tensorflow/tfjs` on its pure JavaScript CPU backend (tfjs-node cannot install on our
 * machines), in production mode (skips per-op debug checks and the console banner that
 * suggests tfjs-node). Idempotent.
 */
import * as tf from '@tensorflow/tfjs';

let ready: Promise<void> | undefined;

export function useTensorflowCpu(): Promise<void> {
  ready ??= (async () => {
    tf.enableProdMode();
    if (!(await tf.setBackend('cpu'))) throw new Error('TensorFlow.js: the cpu backend did not initialise');
    await tf.ready();
  })();
  return ready;
}
