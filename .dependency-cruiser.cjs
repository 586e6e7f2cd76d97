/**
 * The dependency direction of docs/architecture.md (Layers) and docs/development.md
 * (Dependency rule), checked by dependency-cruiser (`npm run deps`; test/dependencies.test.ts
 * runs it with the suite, so CI enforces it). Type-only imports count: a port is a type.
 *
 *   main.ts -> roles -> (api | streams shell | bus adapters | dns | feeds | rdap | platform)
 *           -> service -> (check, model, controls, bus ports) -> signals -> data -> domain
 *
 * `.dependency-cruiser-known-violations.json` lists imports that break a rule and are still to
 * be moved (`npm run deps:baseline` rewrites it); a new violation fails.
 */
const PURE_CORE = [
  '^src/domain/',
  '^src/signals/',
  '^src/data/',
  '^src/model/(?!train\\.ts$)',
  '^src/check/',
  '^src/controls/',
  '^src/streams/aggregations/',
  '^src/feeds/parsers/',
  '^src/rdap/registration\\.ts$',
];
/** Node's I/O modules: the pure core takes time, randomness and lookups as arguments instead. */
const IO_MODULES = '^(node:)?(fs|fs/promises|net|dns|dns/promises|http|https|http2|child_process|worker_threads|dgram|tls|cluster|os|readline|process)$';

module.exports = {
  forbidden: [
    {
      name: 'nothing-imports-roles',
      comment: 'roles/ are the composition roots: only the entry points (main.ts; npm run eval and its CLI shells) and other roles wire them.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/roles/', '^src/main\\.ts$', '^src/eval/main\\.ts$', '^src/eval/[^/]+-cli\\.ts$'] },
      to: { path: ['^src/roles/', '^src/main\\.ts$'] },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'domain-is-the-innermost-layer',
      comment: 'domain/ is the shared vocabulary: it imports nothing else from src/.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'pure-core-does-no-io',
      comment: 'The pure core has no I/O: no file system, network, DNS, threads or processes (node:crypto hashing is allowed).',
      severity: 'error',
      from: { path: PURE_CORE },
      to: { dependencyTypes: ['core'], path: IO_MODULES },
    },
    {
      name: 'pure-core-points-inward',
      comment: 'The pure core never reaches out to the shells: services, routes, adapters, platform or config.',
      severity: 'error',
      from: { path: PURE_CORE },
      to: {
        path: '^src/',
        pathNot: [...PURE_CORE, '^src/model/train\\.ts$', '^src/streams/aggregation\\.ts$', '^src/streams/stores/(store-spec|key-layout|tx)\\.ts$'],
      },
    },
    {
      name: 'pure-core-only-types-from-training',
      comment: 'model/train.ts runs TensorFlow.js: the pure core may name its types, never run it.',
      severity: 'error',
      from: { path: PURE_CORE },
      to: { path: '^src/model/train\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'service-uses-ports-not-streams',
      comment: 'Use cases reach the state through the ports of service/ports.ts; streams/ implements them (issue 19).',
      severity: 'error',
      from: { path: '^src/service/' },
      to: { path: '^src/streams/' },
    },
    {
      name: 'service-has-no-adapters',
      comment: 'service/ is over ports: it knows the bus port, topics and codecs, never an adapter, the network or the platform.',
      severity: 'error',
      from: { path: '^src/service/' },
      to: { path: ['^src/api/', '^src/dns/', '^src/feeds/', '^src/rdap/', '^src/platform/', '^src/config/', '^src/bus/(embedded-|kafka/|schema-registry)'] },
    },
    {
      name: 'api-sees-services-only',
      comment: 'Routes call the services through service/ports.ts; they never see stores, buses or resolvers.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: ['^src/streams/', '^src/bus/', '^src/dns/', '^src/feeds/', '^src/rdap/'] },
    },
    {
      name: 'adapters-do-not-reach-the-api',
      severity: 'error',
      from: { path: ['^src/streams/', '^src/bus/', '^src/dns/', '^src/feeds/', '^src/rdap/', '^src/platform/'] },
      to: { path: '^src/api/' },
    },
    {
      name: 'bus-knows-no-state',
      comment: 'The bus adapters carry records; the stream processing is built on them, not the other way round.',
      severity: 'error',
      from: { path: '^src/bus/' },
      to: { path: ['^src/streams/', '^src/service/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a port is a type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
