/**
 * LevelDB reads, writes and fsyncs all run on libuv's threadpool (4 threads by default), shared
 * by the API's reads and the stream runtime; more threads keep a busy runtime from queueing
 * the API's reads behind its own. libuv reads this once, when the pool first starts, so this
 * module is the first thing main.ts imports.
 */
process.env.UV_THREADPOOL_SIZE ??= '16';
export {};
