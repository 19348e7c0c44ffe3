// Loading a module of src/ again, inside a test.
let loads = 0

/**
 * The module of src/ at `path` (from the checkout's root: '/src/files.js') loaded anew, apart from the copy the
 * test file imported, and only it: what it imports comes from the cache. What a module does as it loads (its
 * patterns, tables, constants) then runs inside the test that calls this, and under `npm run mutation` that test
 * covers those mutants: Stryker runs a mutant only against the tests that ran its code, and code run as the test
 * file is imported is run by none (stryker.config.json's `ignoreStatic`). Not `vi.resetModules()`: that loads every
 * module the one imports again too, and makes the test cover their load-time mutants, which it does not check.
 */
export async function loadAfresh<Module>(path: `/src/${string}.js`): Promise<Module> {
  return (await import(`${path}?load=${++loads}`)) as Module
}
