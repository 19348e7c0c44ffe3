// One name per thing: no two modules of src/ export a function, constant, type or class of the same name.
import { describe, expect, it } from 'vitest'
import { srcModules } from '../../support/source.js'

/** Each name exported by more than one module, with the modules ('name: src/a.ts, src/b.ts'). */
function namesExportedTwice(modules: readonly { path: string; text: string }[]): string[] {
  const where = new Map<string, string[]>()
  for (const module of modules) {
    for (const match of module.text.matchAll(
      /^export (?:declare )?(?:async )?(?:function\*?|const|let|interface|type|class|enum) ([A-Za-z_$][\w$]*)/gm
    )) {
      const name = match[1] as string
      where.set(name, [...(where.get(name) ?? []), module.path])
    }
  }
  return [...where].filter(([, paths]) => paths.length > 1).map(([name, paths]) => `${name}: ${paths.join(', ')}`)
}

describe('one name per thing', () => {
  it('no two modules of src/ export the same name', () => {
    expect(srcModules.length).toBeGreaterThan(100)
    expect(namesExportedTwice(srcModules)).toEqual([])
  })

  it('the check sees every kind of export, and a name exported once is no clash', () => {
    expect(
      namesExportedTwice([
        { path: 'src/a.ts', text: 'export interface OriginWait {}\nexport const ONCE = 1\nexport async function wait() {}' },
        { path: 'src/b.ts', text: 'export type OriginWait = string\nexport function wait() {}\nconst ONCE = 2' },
        { path: 'src/c.ts', text: 'export class Judgement {}\nexport declare const Judgement: number' }
      ])
    ).toEqual(['OriginWait: src/a.ts, src/b.ts', 'wait: src/a.ts, src/b.ts', 'Judgement: src/c.ts, src/c.ts'])
  })
})
