/**
 * The layers of Postbox's code, checked by `npm run lint` (docs/architecture.md, "Layers", draws them):
 *   core (shared/core, shared/platform) ← dynamo and models (a feature's other files: types, schemas, pure rules)
 *     ← stores (*.store.ts) and adapters (shared/adapters: SES, SQS, KMS, DNS; they import no feature)
 *     ← services (*.service.ts) ← http and dashboard (which may use http) ← app (shared/app: the
 *     features' route declarations gathered) ← functions and infra
 * Between feature folders there is one order, FEATURE_ORDER (bottom first): a feature imports only those
 * below it. An import may point down any number of layers, never up, and no import closes a cycle.
 * Type-only imports count: a type that two layers or features share belongs to the lower one.
 */
const FEATURE_ORDER = [
  'suppressions',
  'domains',
  'accounts',
  'validation',
  'templates',
  'attachments',
  'deliverability',
  'unsubscribe',
  'emails',
  'inbound',
  'webhooks',
];
const FEATURES = `(${FEATURE_ORDER.join('|')})`;
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

/** Each feature folder may not import the folders above it in FEATURE_ORDER. */
const featureOrder = FEATURE_ORDER.slice(0, -1).map((feature, index) => {
  const above = FEATURE_ORDER.slice(index + 1);
  return forbid(
    `feature-order-${feature}`,
    `${feature} sits below ${above.join(', ')} (FEATURE_ORDER): move what it needs from them down`,
    `^shared/${feature}/`,
    `^shared/(${above.join('|')})/`,
  );
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
    forbid(
      'adapters-import-no-feature',
      'adapters sit below every feature: the shapes they carry live in the adapter or in core',
      '^shared/adapters/',
      FEATURE,
    ),
    ...featureOrder,
    forbid('services-below-http', 'services never import http or the dashboard', SERVICE, `(${HTTP}|${DASHBOARD})`),
    forbid('http-below-dashboard', 'the API never imports the dashboard', HTTP, DASHBOARD),
    forbid(
      'app-is-the-top',
      'shared/app gathers every feature: nothing else in shared/ imports it',
      '^shared/(?!app/)',
      '^shared/app/',
    ),
    forbid(
      'shared-below-handlers',
      'shared code never imports handlers, infrastructure, tests or benches',
      '^shared/',
      '^(functions|infra|test|bench)/',
    ),
    forbid('functions-below-infra', 'handlers never import infrastructure', '^functions/', '^infra/'),
    {
      name: 'sdk-stands-alone',
      comment:
        'the SDK is published on its own: it imports nothing outside sdk/src and no package (Node built-ins: the next rules)',
      severity: 'error',
      from: { path: '^sdk/src/' },
      to: { path: '^(?!sdk/src/)', pathNot: '^\\./schema\\.js$', dependencyTypesNot: ['core'] },
    },
    {
      name: 'sdk-needs-only-fetch',
      comment:
        "the SDK's main entry runs wherever fetch does (Node, Bun, Deno, edge): no Node built-in outside the Node-only testing entry (sdk/src/testing)",
      severity: 'error',
      from: { path: '^sdk/src/', pathNot: '^sdk/src/testing/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sdk-main-entry-without-testing',
      comment: 'the main entry never loads the Node-only testing entry (which may use Node built-ins)',
      severity: 'error',
      from: { path: '^sdk/src/', pathNot: '^sdk/src/testing/' },
      to: { path: '^sdk/src/testing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out|dist|local/dist|sdk/dist)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
