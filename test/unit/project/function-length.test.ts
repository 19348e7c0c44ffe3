// No function of src/ over 60 lines (the house rules): a longer one is split along its seams.
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { srcModules } from '../../support/source.js'

/** The most lines a function may span, from its first line (the signature) to its closing brace. */
const MAX_LINES = 60

/** Every function with a body in `text` (declarations, methods, accessors, arrows, function expressions) that spans more than MAX_LINES. */
function longFunctions(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line
      const lines = file.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1
      const name = (node as ts.FunctionLikeDeclaration).name?.getText(file) ?? '(anonymous)'
      if (lines > MAX_LINES) found.push(`${path}:${first + 1} ${name}: ${lines} lines`)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** The modules with code: a .d.ts file declares types alone. */
const modules = srcModules.filter((module) => !module.path.endsWith('.d.ts'))

describe('no function of src/ over 60 lines', () => {
  it('holds for every module', () => {
    expect(modules.length).toBeGreaterThan(100)
    expect(modules.flatMap((module) => longFunctions(module.path, module.text))).toEqual([])
  })

  it('the check counts from the signature to the closing brace, for every kind of function, nested ones too', () => {
    const body = (lines: number): string => Array.from({ length: lines - 2 }, (_, i) => `  const a${i} = ${i}`).join('\n')
    expect(longFunctions('a.ts', `function fits() {\n${body(60)}\n}`)).toEqual([])
    expect(longFunctions('a.ts', `function long() {\n${body(61)}\n}`)).toEqual(['a.ts:1 long: 61 lines'])
    expect(longFunctions('a.ts', `const f = () => {\n${body(61)}\n}`)).toEqual(['a.ts:1 (anonymous): 61 lines'])
    expect(longFunctions('a.ts', `class C {\n  m() {\n${body(61)}\n  }\n}`)).toEqual(['a.ts:2 m: 61 lines'])
    expect(longFunctions('a.ts', `function outer() {\n  return function inner() {\n${body(61)}\n  }\n}`)).toEqual([
      'a.ts:1 outer: 63 lines',
      'a.ts:2 inner: 61 lines'
    ])
    // A declaration without a body (an overload, a type) is no function to split.
    expect(longFunctions('a.ts', `declare function f(): void\ninterface I { m(): void }`)).toEqual([])
  })
})
