// @ts-check
/**
 * Lint for the whole repository (`npm run lint` = `eslint . --max-warnings 0`).
 * Besides the usual TypeScript and React hooks rules it enforces ARCHITECTURE.md's import
 * direction: platform never knows the bounded contexts, a context never reaches into another,
 * shared frontend code never imports features or the app shell, and features never import each
 * other. Zone paths are relative to this file's folder (the repository root), wherever ESLint runs from.
 */
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const { importX, flatConfigs: importXConfigs } = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const importXTypeScript = importXConfigs.typescript;
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

/** Folders of backend/src that are not bounded contexts. */
const NOT_CONTEXTS = new Set(['config', 'platform', 'contracts']);
/** Every bounded context: the folders present now, and those ARCHITECTURE.md plans. */
const BOUNDED_CONTEXTS = [
  ...new Set([
    'identity',
    'tenants',
    'students',
    'plans',
    'locations',
    'scheduling',
    'tasks',
    'finance',
    'contracts-signing',
    'booking',
    'advisor',
    ...readdirSync(path.join(__dirname, 'backend/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_CONTEXTS.has(entry.name))
      .map((entry) => entry.name),
  ]),
];
const contextFolder = (name) => `./backend/src/${name}`;
/** The composition root: what puts the contexts and the platform together. */
const COMPOSITION_ROOT = ['app.module.ts', 'contexts.ts', 'main.ts', 'worker.ts'].map(
  (file) => `./backend/src/${file}`,
);

const backendZones = [
  {
    target: './backend/src/platform',
    from: [...BOUNDED_CONTEXTS.map(contextFolder), ...COMPOSITION_ROOT],
    message:
      'platform/ is infrastructure: it must not depend on a bounded context or on the composition root (app.module, contexts, main, worker).',
  },
  {
    target: './backend/src/config',
    from: [...BOUNDED_CONTEXTS.map(contextFolder), ...COMPOSITION_ROOT],
    message:
      "config/ parses the platform's settings: a context brings its own slice through its manifest.",
  },
  {
    target: './backend/src/platform/event-store',
    from: './backend/src/platform/projections',
    message:
      'The event store knows nothing of read models: projections depend on it, never the other way round.',
  },
  {
    target: './backend/src/contracts',
    from: [...BOUNDED_CONTEXTS.map(contextFolder), './backend/src/platform', './backend/src/config'],
    message: 'contracts/ holds schemas shared with the frontend: no context or platform code.',
  },
  ...BOUNDED_CONTEXTS.map((name) => ({
    target: contextFolder(name),
    from: BOUNDED_CONTEXTS.filter((other) => other !== name).map(contextFolder),
    message:
      'A context must not import another context: react to its events or read through contracts/.',
  })),
];

const frontendZones = [
  {
    target: ['./frontend/src/components', './frontend/src/lib'],
    from: ['./frontend/src/features', './frontend/src/app', './frontend/src/entities'],
    message: 'Shared components and lib must not depend on entities, features or the app shell.',
  },
  {
    // One query definition per GET lives in entities/<resource>; it knows the contract and lib/ only.
    target: './frontend/src/entities',
    from: ['./frontend/src/features', './frontend/src/app', './frontend/src/components'],
    message: 'entities/ imports only lib/ and @contracts/*: screens build on entities, never the other way.',
  },
  {
    target: './frontend/src/features',
    from: './frontend/src/app',
    message: 'A feature must not import the app shell: what both need goes to lib/ or entities/.',
  },
  {
    // Ports and event catalogues are the backend's own audiences of a contract.
    target: './frontend',
    from: ['./backend/src/contracts/**/ports.ts', './backend/src/contracts/**/events.ts'],
    message: 'The SPA reads a contract through its api.ts: ports and events are for the backend.',
  },
  {
    // The SPA shares the API's rules through contracts/ (`@contracts/*`); server code never reaches the bundle.
    target: './frontend',
    from: './backend',
    except: ['./src/contracts'],
    message: 'Frontend code may import from backend/ only through backend/src/contracts (@contracts/*).',
  },
];

/** The feature folder (`frontend/src/features/<name>`) a path lies in, if any. */
function featureOf(featuresRoot, file) {
  const relative = path.relative(featuresRoot, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

/**
 * `import-x/no-restricted-paths` needs one zone per feature to say "any feature but my own";
 * this rule says it for every feature folder, present and future. Inside frontend/src imports are
 * relative (the one path alias, `@contracts/*`, leads out of it to backend/src/contracts), so
 * resolving a relative specifier against the file is enough.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature folder must not import another feature folder.' },
    messages: {
      crossFeature:
        "Feature '{{own}}' must not import feature '{{other}}': move the shared piece to components/ or lib/.",
    },
    schema: [
      {
        type: 'object',
        properties: { basePath: { type: 'string' } },
        required: ['basePath'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const featuresRoot = path.join(context.options[0].basePath, 'frontend', 'src', 'features');
    const own = featureOf(featuresRoot, context.filename);
    if (!own) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const other = featureOf(
        featuresRoot,
        path.resolve(path.dirname(context.filename), source.value),
      );
      if (other && other !== own) {
        context.report({ node: source, messageId: 'crossFeature', data: { own, other } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

// frontend/tsconfig.json arrives with the frontend scaffold; resolve with whichever exist.
const tsconfigs = ['backend/tsconfig.json', 'frontend/tsconfig.json', 'tsconfig.tools.json']
  .map((file) => path.join(__dirname, file))
  .filter((file) => existsSync(file));

module.exports = tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
      // Deliberately broken code that test/infra/import-rules.unit.spec.ts lints on purpose.
      'test/infra/fixtures/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // Interface-mandated parameters a method does not need are named `_x`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  // Undefined names in TypeScript are tsc's job; plain JS files are Node tooling (configs, scripts).
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Scripts the service worker imports run in its global scope, not Node's.
  {
    files: ['frontend/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.{js,cjs}'],
    ignores: ['frontend/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: {
      'import-x': importX,
      vira: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    settings: {
      // Without these import-x treats .ts files as unparseable and silently skips them.
      'import-x/extensions': importXTypeScript.settings['import-x/extensions'],
      'import-x/external-module-folders':
        importXTypeScript.settings['import-x/external-module-folders'],
      'import-x/parsers': importXTypeScript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: tsconfigs,
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: __dirname, zones: [...backendZones, ...frontendZones] },
      ],
      'vira/no-cross-feature-imports': ['error', { basePath: __dirname }],
    },
  },
  {
    // Nothing imports a spec, so no cycle can pass through one: walking every spec's import graph
    // again was a fifth to a third of the cycle rule's time.
    files: ['**/*.spec.ts', '**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // An event's data is typed by its catalogue (readStreamOf, eventsIn, processManager, a
    // projection's eventsOfTypes): a cast would compile after the event's shape or name changed.
    // Configuration is zod's output, not an event.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/config/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > MemberExpression.expression[property.name='data']",
          message:
            "No cast of an event's data: read it typed by its catalogue (readStreamOf, eventsIn, processManager({ reactsTo }), eventsOfTypes).",
        },
      ],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/config/**', 'backend/src/**/__tests__/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > MemberExpression.expression[property.name='data']",
          message:
            "No cast of an event's data: read it typed by its catalogue (readStreamOf, eventsIn, processManager({ reactsTo }), eventsOfTypes).",
        },
        {
          selector: 'TSAsExpression > TSTypeReference.typeAnnotation[typeName.name=/Event(Of)?$/]',
          message:
            'No cast to an event type: narrow it by its catalogue (isEventOf, eventsIn, readStreamOf) or fold it with eventOf.',
        },
        // A list of values whose length varies makes a new statement text for every length:
        // each is counted, prepared and kept on every connection apart (preparing-client.ts),
        // and PostgreSQL parses and plans n parameters. One array parameter is one text.
        ...[
          "CallExpression[arguments.1.value='in'][arguments.2.type='Identifier']",
          "CallExpression[arguments.1.value='in'] > ArrayExpression > SpreadElement",
          "CallExpression[arguments.1.value='in'][arguments.2.callee.property.name='map']",
        ].map((selector) => ({
          selector,
          message:
            "A list of any length is one array parameter: (eb) => eb(column, '=', eb.fn.any(eb.val(values))), not 'in'.",
        })),
      ],
    },
  },
  {
    // A controller parses, calls one application service and answers: queries and rules live in
    // the context's application/ services and queries/ repositories, never behind a route.
    files: ['backend/src/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['kysely', 'pg'].map((name) => ({
            name,
            message:
              'A controller does not touch the database: call an application/ service or a queries/ repository.',
          })),
          patterns: [
            {
              group: ['**/platform/database', '**/platform/database/*'],
              message:
                'A controller does not touch the database: call an application/ service or a queries/ repository.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The React Compiler's rules judge the components that ship; a test only renders them. The
    // rules of hooks still cover tests.
    files: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.flat.recommended.rules)
        .filter((rule) => !['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps'].includes(rule))
        .map((rule) => [rule, 'off']),
    ),
  },
  {
    // A GET's query definition is written once, in entities/: screens narrow it with `select`.
    files: ['frontend/src/{features,components,app}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryFn']",
          message:
            'Query definitions live in frontend/src/entities/<resource> (getQuery): use the entity and narrow it with `select`.',
        },
      ],
    },
  },
);
