import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Boundaries (docs/decisions/0049-import-boundaries.md): a web feature or a server module is used by
// the rest of the code only through its index.ts; everything else in its folder is private.
const dirsOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** One zone per folder: every sibling folder may reach it through index.ts only. */
const siblingZones = (root) => {
  const names = dirsOf(root);
  return names.map((name) => ({
    target: names.filter((other) => other !== name).map((other) => `${root}/${other}`),
    from: `${root}/${name}`,
    except: ['./index.ts'],
    message: `Import this through ${root}/${name}/index.ts (its public surface), or move shared code to lib/ or the contract.`,
  }));
};

const WEB_FEATURES = './apps/web/src/features';
const SERVER_MODULES = './apps/server/src/modules';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/web/src/routeTree.gen.ts', 'apps/server/drizzle/**', '**/test-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A JSX handler may return a promise (react-hook-form's handleSubmit does, and handles it); elsewhere a
      // promise where a void callback is expected is an error (docs/decisions/0049-import-boundaries.md).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/contract/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...siblingZones(WEB_FEATURES),
            ...siblingZones(SERVER_MODULES),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/routes', './apps/web/src/app'],
              message: 'Shared components and lib/ must not depend on features, routes or the app shell.',
            },
            {
              target: './packages/contract/src',
              from: ['./apps'],
              message: 'The contract is shared by both apps and depends on neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
