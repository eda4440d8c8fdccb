/**
 * The architecture's import rules (DESIGN.md part 8, STYLE.md), checked by `npm test`:
 * - HTTP is the outer layer: no domain, job, lib, error or database module imports http/.
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
      comment: 'Verbs take (ctx, input) and know nothing of requests, replies or status codes.',
      from: { path: '^packages/service/src/(domains|jobs|lib|errors|db)/' },
      to: { path: '^packages/service/src/http/' },
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
      name: 'model-is-pure',
      severity: 'error',
      comment: 'model/ takes values and returns values: no IO, no node built-ins, nothing but other pure code.',
      from: { path: '^packages/service/src/domains/[^/]+/model/' },
      to: {
        pathNot: [
          '^packages/service/src/domains/[^/]+/model/',
          '^packages/service/src/lib/(money|assert-never)\\.ts$',
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
      comment: 'The browser bundle (decisions part 7) shares only packages/contract with the server.',
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
