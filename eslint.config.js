// Type-aware lint for the whole tree (STYLE.md habit 15); `npm run lint` runs it with the type checks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A `no-restricted-imports` rule for `files`: import paths matching `regex` are refused with `message`. */
const refuse = (files, ...patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/**
 * Which part of the tree may import which (README, "How it fits together"). The paths are relative imports, so
 * a rule names the folder an import climbs into.
 */
function importBoundaries() {
  const serverFeatures = ['auth', 'audit', 'privacy', 'content', 'media', 'requests', 'commerce', 'mail', 'geo', 'site'];
  const adminShared = ['auth', 'common', 'data', 'test'];
  return [
    refuse(['server/src/{access,common,config,database,http-cache}/**/*.ts'], {
      regex: `^(\\.\\./)+(${[...serverFeatures, 'legacy', 'seed'].join('|')})/`,
      message: 'The platform layer (access, common, config, database, http-cache) imports no feature: let the feature register with it.',
    }),
    refuse(
      [`server/src/{${serverFeatures.join(',')}}/**/*.ts`],
      { regex: '^(\\.\\./)+legacy/', message: 'legacy/ is an adapter over the features: a feature never imports it.' },
      { regex: '^(\\.\\./)+seed/', message: 'The seed sees the features, not the other way round.' },
      { regex: '^(\\.\\./)+(app\\.module|bootstrap|frontends|main|page-cache)\\.js$', message: 'A feature does not import the composition root.' },
    ),
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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.react-router/**', 'data/**', 'bench/results/**', '**/*.config.js', '**/*.mjs'] },
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
