/**
 * The named parts of embedded mode's two busy threads, for CPU profiles (lib/cpu-profile.ts):
 * the API thread (bench/http-profile.ts) and the stream worker (http-profile.ts, and
 * bench:pipeline run under `node --cpu-prof`). Each is matched against every frame of a
 * sample's stack, so parts may overlap; indented names are parts of the one above.
 */
import type { Part } from './cpu-profile.ts';

/** The API thread's parts, each matched against every frame of a sample's stack. */
export const API_PARTS: readonly Part[] = [
  { name: 'HTTP (Fastify, node http, routes)', match: /nm:fastify\/|node:_http_|^(parserOnHeadersComplete|parserOnBody|parserOnMessageComplete) |src\/api\/routes\// },
  { name: 'check service (prepare, history, decide, append)', match: /src\/service\/check-service\.[jt]s/ },
  { name: '  address analysis (parse, signals)', match: /^(analyze|analyse) |src\/signals\// },
  { name: '  judgement (decideCheck, models)', match: /src\/check\/decide-check\.[jt]s|src\/model\// },
  { name: '  history read (history, readers, hot windows read)', match: /src\/streams\/(history|coalescing-reader|commit-cached-reader)\.[jt]s/ },
  { name: '    LevelDB getMany', match: /getMany|nm:classic-level|nm:abstract-level/ },
  { name: '  keyed hashes', match: /src\/domain\/(keyed-hash|hmac-sha256)\.[jt]s/ },
  { name: '  check-id sign', match: /src\/domain\/(check-id|check-id-v1|aes-ctr)\.[jt]s/ },
  { name: 'event append (writer, Avro encode, embedded log)', match: /src\/service\/event-writer\.[jt]s|src\/bus\/embedded-(bus|log|handoff)\.[jt]s|src\/platform\/level-batch\.[jt]s/ },
  { name: '  Avro encode', match: /^encode \S*src\/bus\/avro\.[jt]s/ },
  { name: 'hot windows (feed, add, read)', match: /src\/streams\/hot-window(s|-feed)\.[jt]s/ },
  { name: '  packed sets (add, holds, scans)', match: /src\/streams\/aggregations\/packed-sets\.[jt]s/ },
  { name: 'IP domain category (tldts parse, hash)', match: /^domainCategory / },
  { name: 'tldts parse (every caller)', match: /nm:tldts/ },
  { name: 'own events', match: /src\/streams\/own-events\.[jt]s/ },
  { name: 'worker messages (postMessage, onmessage)', match: /postMessage|node:internal\/worker/ },
  { name: 'socket writes (writev, write)', match: /^(writev|writeBuffer|writeUtf8String|writeGeneric) / },
  { name: 'pino logging', match: /nm:pino/ },
  { name: 'GC', match: /^\(garbage collector\) / },
];

/** The API thread's parts with the bulk path's own (bench:peers, bench/bulk-single.ts). */
export const BULK_API_PARTS: readonly Part[] = [
  ...API_PARTS,
  { name: 'bulk slices (bulk-checks, fair share)', match: /src\/service\/(bulk-checks|fair-share)\.[jt]s/ },
  { name: 'DNS (domain facts, resolver, cache)', match: /src\/dns\/|node:internal\/dns\// },
  { name: 'bulk answer serialised (bulk-json)', match: /src\/api\/bulk-json\.[jt]s/ },
  { name: 'Fastify reply serialisers', match: /nm:fastify\/lib\/reply\.js|nm:fast-json-stringify/ },
  { name: 'JSON body parse', match: /src\/api\/(json-body|json-duplicate-keys)\.[jt]s/ },
  { name: 'microtasks (runMicrotasks)', match: /^runMicrotasks / },
  { name: 'immediates (processImmediate)', match: /^processImmediate / },
];

/** The stream worker's parts. */
export const WORKER_PARTS: readonly Part[] = [
  { name: 'runtime (batches, prefetch, commit)', match: /src\/streams\/runtime\.[jt]s/ },
  { name: '  aggregations (apply)', match: /src\/streams\/aggregations\// },
  { name: '  record cache (tx, fill, takeDirty, evict)', match: /src\/streams\/stores\/record-cache\.[jt]s/ },
  { name: '  caching store (prefetch, take, missing, flush)', match: /src\/streams\/stores\/caching-store\.[jt]s/ },
  { name: '  map keys (mapKey, ReadSet)', match: /^(mapKey|add|mk) \S*src\/streams\/stores\/tx\.[jt]s|^mk \S*src\/streams\/stores\/record-cache\.[jt]s/ },
  { name: '  LevelDB (level store, classic-level)', match: /src\/streams\/stores\/level-store\.[jt]s|nm:classic-level|nm:abstract-level|src\/platform\/level-batch\.[jt]s/ },
  { name: '  key filters', match: /src\/streams\/stores\/key-filter(ing-store)?\.[jt]s/ },
  { name: '  Avro decode of check events', match: /^decode \S*src\/bus\/avro\.[jt]s|nm:avsc/ },
  { name: '  value codecs (encode, decode, clone)', match: /^(encode|decode|clone|size|encodeRecord|decodeRecord) \S*src\/streams\/aggregations\// },
  { name: 'embedded log (tail, handed records, reads)', match: /src\/bus\/embedded-(bus|log|handoff)\.[jt]s/ },
  { name: 'worker messages (postMessage, onmessage)', match: /postMessage|node:internal\/worker/ },
  { name: 'GC', match: /^\(garbage collector\) / },
];
