// Type-aware lint for the whole tree (STYLE.md habit 15); `npm run lint` runs it with the type checks.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** A `no-restricted-imports` rule for `files`: import paths matching `regex` are refused with `message`. */
const refuse = (files, ...patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/**
 * Which part of the tree may import which (README, "How it fits together"). The paths are relative imports, so
 * a rule names the folder an import climbs into.
 */
function importBoundaries() {
  const serverFeatures = ['auth', 'audit', 'privacy', 'content', 'media', 'requests', 'commerce', 'mail', 'geo', 'site'];
  const compositionRoot = ['app.module', 'bootstrap', 'frontends', 'main', 'paypal-setup'];
  const adminShared = ['auth', 'common', 'data', 'test'];
  const alternatives = (names) => names.map((name) => name.replace('.', '\\.')).join('|');
  /** Any file of `features` but their public `index.js`, reached by `climb` (`../`, or `./` from the root). */
  const intoFeatureFile = (climb, features) => ({
    regex: `^${climb}(${alternatives(features)})/(?!index\\.js$)`,
    message: 'Another feature is imported through its public index: import `../<feature>/index.js` (add the export there).',
  });
  const upwards = '(\\.\\./)+';
  return [
    refuse(['server/src/{access,common,config,database,http-cache}/**/*.ts'], {
      regex: `^${upwards}(${alternatives([...serverFeatures, 'legacy', 'seed'])})/`,
      message: 'The platform layer (access, common, config, database, http-cache) imports no feature: let the feature register with it.',
    }),
    // Inside its own folder a feature imports its files directly, never through its own index.
    ...serverFeatures.map((feature) =>
      refuse(
        [`server/src/${feature}/**/*.ts`],
        intoFeatureFile(upwards, serverFeatures.filter((other) => other !== feature)),
        { regex: `^${upwards}legacy/`, message: 'legacy/ is an adapter over the features: a feature never imports it.' },
        { regex: `^${upwards}seed/`, message: 'The seed sees the features, not the other way round.' },
        { regex: `^${upwards}(${alternatives(compositionRoot)})\\.js$`, message: 'A feature does not import the composition root.' },
      ),
    ),
    refuse(['server/src/{legacy,seed}/**/*.ts'], intoFeatureFile(upwards, serverFeatures)),
    refuse([`server/src/{${compositionRoot.join(',')}}.ts`], intoFeatureFile('\\./', serverFeatures)),
    refuse(['web/app/features/*/**/*.{ts,tsx}'], {
      regex: '^\\.\\./[a-z-]+(/|$)',
      message: 'A web feature does not import another feature: move what both need to lib/ or components/.',
    }),
    {
      // The console's menu, registry and old-address redirects are built from every screen folder.
      ...refuse(['admin/src/*/**/*.{ts,tsx}'], {
        regex: `^\\.\\./(?!(${adminShared.join('|')})/)[a-z-]+/`,
        message: `A console screen folder imports only ${adminShared.join(', ')}; never another screen folder.`,
      }),
      ignores: ['admin/src/{data,layout,legacy,test}/**'],
    },
  ];
}

/**
 * No import cycle anywhere in the tree: a cycle makes load order decide whether a class exists yet when a decorator
 * reads it. `.js` specifiers resolve to the `.ts` beside them; type-only imports vanish at build time and are let be.
 */
function noImportCycles() {
  return {
    files: ['{server/src,admin/src,web/app,packages/*/src}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files and would not follow an import into a .ts file at all.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['server', 'admin', 'web', 'packages/*'].map((dir) => `${dir}/tsconfig.json`), noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.react-router/**', 'data/**', 'bench/results/**', '**/*.config.js', '**/*.mjs', 'server/test-shards/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  ...importBoundaries(),
  noImportCycles(),
  {
    // node:test's `test()` returns a promise the runner awaits itself.
    files: ['e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    // React Router's loaders and actions throw `redirect()` (a Response) and `data()` on purpose.
    files: ['web/app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }, { from: 'package', package: 'react-router', name: 'DataWithResponseInit' }] },
      ],
    },
  },
);
