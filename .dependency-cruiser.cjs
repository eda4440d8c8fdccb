/**
 * The architecture's import rules (docs/architecture.md, "The layout" and "Import rules"), checked by `npm test`:
 * - HTTP is the outer layer: no domain, job, metrics, lib, error or database module, nor deps.ts, imports http/.
 * - deps.ts (everything the listeners are given) is imported only by http/ and service.ts; jobs take their ports.
 * - jobs/ never imports metrics/; metrics/ imports only the queue counts of jobs/.
 * - Domains import each other only through index.ts (or, pure to pure, another domain's model/).
 * - model/ is pure: no node built-ins, no database, no other IO module, no non-model domain code.
 * - Domains return rejections; only http/ builds the ApiError.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes a request path read back and forth; break it by moving the shared piece down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'only-http-knows-http',
      severity: 'error',
      comment:
        'Verbs take (ctx, input) and know nothing of requests, replies or status codes; jobs and metrics run ' +
        'without a listener (a worker-only process has none); deps.ts names the ports, whose types live with ' +
        'what they describe, so a port is built and tested without the HTTP layer.',
      from: { path: '^packages/service/src/((domains|jobs|metrics|lib|errors|db)/|deps\\.ts$)' },
      to: { path: '^packages/service/src/http/' },
    },
    {
      name: 'service-deps-only-in-http',
      severity: 'error',
      comment:
        'ServiceDeps is what the listeners are given: every port, cache, token and secret. Outside http/ only ' +
        'service.ts, the composition root that builds it, imports deps.ts; anything else declares the narrow ' +
        'ports it uses (the jobs: JobPorts in jobs/tasks.ts), so it can neither reach the rest nor pull ' +
        'metrics/ and the HTTP wiring in behind it.',
      from: { path: '^packages/service/src/', pathNot: '^packages/service/src/(http/|service\\.ts$)' },
      to: { path: '^packages/service/src/deps\\.ts$' },
    },
    {
      name: 'jobs-import-no-metrics',
      severity: 'error',
      comment:
        "metrics/ reads the job queue's counts (jobs/queue-counts.ts); jobs report what they do through the " +
        'observe hooks in their ports (JobPorts.metrics), so an import the other way would close a cycle ' +
        'between the two folders that no-circular, which sees modules, does not catch.',
      from: { path: '^packages/service/src/jobs/' },
      to: { path: '^packages/service/src/metrics/' },
    },
    {
      name: 'metrics-read-only-queue-counts',
      severity: 'error',
      comment:
        "Of jobs/, metrics/ imports only the queue counts (one statement over the queue's table): the task " +
        "list and the runner would bring every job's domain verbs and graphile-worker into the metrics.",
      from: { path: '^packages/service/src/metrics/' },
      to: { path: '^packages/service/src/jobs/', pathNot: '^packages/service/src/jobs/queue-counts\\.ts$' },
    },
    {
      name: 'domains-through-index',
      severity: 'error',
      comment: 'Another domain is reached through its index.ts (its public surface), or its pure model/.',
      from: { path: '^packages/service/src/domains/([^/]+)/' },
      to: {
        path: '^packages/service/src/domains/[^/]+/',
        pathNot: [
          '^packages/service/src/domains/$1/',
          '^packages/service/src/domains/[^/]+/index\\.ts$',
          '^packages/service/src/domains/[^/]+/model/',
        ],
      },
    },
    {
      name: 'engine-knows-no-domain',
      severity: 'error',
      comment:
        'The write engine is a queue, a round, a claim, a write and a commit over commands and a state it is ' +
        'given (domains/engine/ports.ts): what a write does lives in its domain, what a round locks in src/write-path.',
      from: { path: '^packages/service/src/domains/engine/' },
      to: { path: '^packages/service/src/domains/(?!engine/)' },
    },
    {
      name: 'model-is-pure',
      severity: 'error',
      comment: 'model/ takes values and returns values: no IO, no node built-ins, nothing but other pure code.',
      from: { path: '^packages/service/src/domains/[^/]+/model/' },
      to: {
        pathNot: [
          '^packages/service/src/domains/[^/]+/model/',
          '^packages/service/src/lib/(money|assert-never|uuid)\\.ts$',
          '^packages/service/src/errors/(rejection|catalog)\\.ts$',
          '^packages/service/src/db/schema\\.ts$',
          '^node_modules/(vitest|fast-check|ipaddr\\.js)/',
          '^packages/contract/src/',
        ],
      },
    },
    {
      name: 'model-imports-no-builtins',
      severity: 'error',
      from: { path: '^packages/service/src/domains/[^/]+/model/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domains-return-rejections',
      severity: 'error',
      comment: 'A domain says why it refused with a Rejection value; the HTTP layer makes the ApiError.',
      from: { path: '^packages/service/src/domains/' },
      to: { path: '^packages/service/src/errors/api-error\\.ts$' },
    },
    {
      name: 'lib-and-errors-stand-alone',
      severity: 'error',
      comment: 'lib/ and errors/ are the bottom layer: they import no domain, job or database code.',
      from: { path: '^packages/service/src/(lib|errors)/' },
      to: { path: '^packages/service/src/(domains|jobs|db)/' },
    },
    {
      name: 'contract-is-dependency-free',
      severity: 'error',
      comment: 'The browser bundle imports packages/contract as it is: nothing but its own files, no node built-ins.',
      from: { path: '^packages/contract/src/' },
      to: { pathNot: ['^packages/contract/src/', '^node_modules/vitest/'] },
    },
    {
      name: 'widget-imports-no-server-code',
      severity: 'error',
      comment:
        "The browser bundle runs on operators' pages, built apart: it shares only packages/contract with the server.",
      from: { path: '^packages/widget/src/' },
      to: { path: '^packages/service/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['pm-source', 'import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
