// Development and tests run the TypeScript sources through tsx; a worker thread does not inherit
// the main thread's loader, so this bootstrap registers it before loading the worker itself.
// (The built service runs dist/src/roles/streams-worker.js directly.)
import { register } from 'tsx/esm/api';

register();
await import('./streams-worker.ts');
