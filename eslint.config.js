import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname }
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: 'error'
    }
  },
  {
    // Every log line goes through src/log.ts, which redacts secrets and neutralises workflow commands.
    files: ['src/**/*.ts'],
    ignores: ['src/log.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='core'][property.name=/^(info|debug|warning|error|notice|setFailed|group|startGroup|endGroup)$/]",
          message: 'Log through src/log.ts: it redacts secrets and neutralises workflow commands.'
        },
        { selector: "MemberExpression[object.name='console']", message: 'Log through src/log.ts.' }
      ]
    }
  },
  {
    // Property tests fix their seed under `npm run mutation`: they get fast-check from test/support/property.ts.
    files: ['test/**/*.ts'],
    ignores: ['test/support/property.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@fast-check/vitest', 'fast-check'].map((name) => ({
            name,
            message: 'Import fc and test from test/support/property.ts, which fixes the seed under Stryker.'
          }))
        }
      ]
    }
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  { files: ['scripts/*.js'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } }
)
