/**
 * The layers of Postbox's code, checked by `npm run lint` (docs/architecture.md draws them):
 *
 *   core (shared/core, shared/platform)
 *     ← dynamo (shared/dynamo) and models (the other files of a feature folder: types, schemas, pure rules)
 *     ← stores (*.store.ts: a feature's DynamoDB access) and adapters (shared/adapters: SES, SQS, KMS, DNS)
 *     ← services (*.service.ts: what handlers call)
 *     ← http (shared/http) and dashboard (shared/dashboard, which may use http)
 *     ← functions and infra
 *
 * An import may point down any number of layers, never up, and no import closes a cycle. Type-only
 * imports count: a type that two layers share belongs to the lower one.
 */
const FEATURES =
  '(accounts|emails|templates|domains|suppressions|validation|webhooks|attachments|deliverability|unsubscribe)';
const CORE = '^shared/(core|platform)/';
const DYNAMO = '^shared/dynamo/';
const FEATURE = `^shared/${FEATURES}/`;
const LAYER_SUFFIX = '[.](store|service)[.]ts$';
const STORE = `(^shared/${FEATURES}/.+[.]store[.]ts$|^shared/http/.+[.]store[.]ts$|^shared/adapters/)`;
const SERVICE = `^shared/${FEATURES}/.+[.]service[.]ts$`;
const HTTP = '^shared/http/';
const DASHBOARD = '^shared/dashboard/';

/** `from` may not import `to` (paths as regular expressions; `fromNot` narrows `from`). */
const forbid = (name, comment, from, to, fromNot) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, ...(fromNot ? { pathNot: fromNot } : {}) },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle ties modules together: split the shared part out into a lower module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    forbid(
      'core-is-the-bottom',
      'core and platform import nothing else of shared/',
      CORE,
      '^shared/(?!core/|platform/)',
    ),
    forbid(
      'dynamo-over-core-only',
      'the DynamoDB layer builds on core alone',
      DYNAMO,
      '^shared/(?!core/|platform/|dynamo/)',
    ),
    forbid(
      'models-are-pure',
      'models (types, schemas, rules) do no I/O: no dynamo, stores, adapters, services, http or dashboard',
      FEATURE,
      `(${DYNAMO}|${STORE}|${SERVICE}|${HTTP}|${DASHBOARD})`,
      LAYER_SUFFIX,
    ),
    forbid(
      'stores-below-services',
      'stores and adapters never call services, http or the dashboard',
      STORE,
      `(${SERVICE}|${DASHBOARD}|^shared/http/(?!.+[.]store[.]ts$))`,
    ),
    forbid('services-below-http', 'services never import http or the dashboard', SERVICE, `(${HTTP}|${DASHBOARD})`),
    forbid('http-below-dashboard', 'the API never imports the dashboard', HTTP, DASHBOARD),
    forbid(
      'shared-below-handlers',
      'shared code never imports handlers, infrastructure, tests or benches',
      '^shared/',
      '^(functions|infra|test|bench)/',
    ),
    forbid('functions-below-infra', 'handlers never import infrastructure', '^functions/', '^infra/'),
    {
      name: 'sdk-stands-alone',
      comment: 'the SDK is published on its own: it imports nothing outside sdk/src, no package and no Node built-in',
      severity: 'error',
      from: { path: '^sdk/src/' },
      to: { path: '^(?!sdk/src/)', pathNot: '^\\./schema\\.js$' },
    },
    {
      name: 'sdk-needs-only-fetch',
      comment: 'the SDK runs wherever fetch does (Node, Bun, Deno, edge): no Node built-in',
      severity: 'error',
      from: { path: '^sdk/src/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
