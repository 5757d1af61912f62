// Lint rules, including the import direction of DESIGN.md ('Layout'):
//   music ← audio ← web,  music ← contracts ← web|server,  music ← server.
// Each restriction's message says why, so a failing lint teaches the architecture.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./src/web/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const layer = (from, patterns) => ({
  files: [`src/${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', { patterns }],
  },
});

const forbid = (group, message) => ({ group, message });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-ssr/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-self-import': 'error',
      eqeqeq: ['error', 'smart'],
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/ignore': ['node_modules'],
      'import/external-module-folders': ['node_modules'],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  layer('music', [
    forbid(
      ['**/audio/**', '**/contracts/**', '**/web/**', '**/server/**'],
      'src/music is the pure domain: it imports nothing of ours (DESIGN.md Layout).',
    ),
    forbid(
      ['react', 'react-dom', 'node:*', 'fastify'],
      'src/music has no DOM, React or Node APIs.',
    ),
  ]),
  layer('audio', [
    forbid(
      ['**/web/**', '**/server/**', '**/contracts/**'],
      'src/audio imports only src/music (DESIGN.md).',
    ),
    forbid(
      ['react', 'react-dom'],
      'Audio engines never import React: hooks in web/ reach them (DESIGN habit 1).',
    ),
  ]),
  layer('contracts', [
    forbid(
      ['**/audio/**', '**/web/**', '**/server/**'],
      'src/contracts imports only src/music: it is shared by web and server.',
    ),
  ]),
  layer('server', [
    forbid(
      ['**/web/**', '**/audio/**'],
      'The server never imports web/ or audio/: share code through src/contracts or src/music.',
    ),
    forbid(['react', 'react-dom'], 'The server does not render React.'),
  ]),
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message:
                'The web never imports server/: only src/contracts and src/music (DESIGN.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature never imports another feature; app/ composes them (DESIGN.md).
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./src/web/features/${feature}`,
            from: './src/web/features',
            except: [`./${feature}`],
            message:
              'Features never import each other; move shared code to src/web/ui or src/web/lib, and compose in src/web/app (DESIGN.md).',
          })),
        },
      ],
    },
  },
  {
    // Shared UI and libraries sit below the features and the app shell (DESIGN.md layout).
    files: ['src/web/ui/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: ['./src/web/ui', './src/web/lib'].map((target) => ({
            target,
            from: ['./src/web/features', './src/web/app'],
            message:
              'src/web/ui and src/web/lib never import a feature or the app shell: move what they need down into ui or lib (DESIGN.md).',
          })),
        },
      ],
    },
  },
  {
    files: [
      'src/web/features/*/**/*.{ts,tsx}',
      'src/web/ui/**/*.{ts,tsx}',
      'src/web/lib/**/*.{ts,tsx}',
      'src/web/app/**/*.{ts,tsx}',
    ],
    // Tests seed and inspect browser storage as a browser would hold it.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['localStorage', 'sessionStorage'].map((property) => ({
            object,
            property,
            message: 'Only src/web/storage touches Web Storage (settings issue).',
          })),
        ),
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'localStorage',
          message: 'Only src/web/storage touches Web Storage (settings issue).',
        },
        {
          name: 'sessionStorage',
          message: 'Only src/web/storage touches Web Storage (settings issue).',
        },
      ],
    },
  },
  ...(() => {
    // DESIGN habit 4 / ADR 021: `Seconds` had been declared three times, and the Web Audio
    // stand-ins and timers once per engine. (Flat config replaces a rule's options per block,
    // so the audio block repeats the units selector.)
    const units = {
      selector: 'TSTypeAliasDeclaration[id.name=/^(Hz|Cents|Seconds|Bpm|Milliseconds)$/]',
      message:
        'Units are declared once, in src/music/units.ts (DESIGN habit 4, ADR 021): import them from there.',
    };
    const standIns = {
      selector:
        'TSInterfaceDeclaration[id.name=/^(ParamLike|NodeLike|OscillatorLike|GainLike|PortLike|StreamLike|Timers|Clock)$/]',
      message:
        'The audio layer declares its Web Audio stand-ins once, in src/audio/webAudio.ts, and its timers in src/audio/timers.ts (ADR 021): use or extend those.',
    };
    const ignores = ['src/music/units.ts', 'src/audio/webAudio.ts', 'src/audio/timers.ts'];
    return [
      {
        files: ['src/**/*.{ts,tsx}'],
        ignores,
        rules: { 'no-restricted-syntax': ['error', units] },
      },
      {
        files: ['src/audio/**/*.ts'],
        ignores,
        rules: { 'no-restricted-syntax': ['error', units, standIns] },
      },
    ];
  })(),
);
