// scripts/mutation-table.ts: the per-file table of docs/development.md written from Stryker's JSON report.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { replaceBetween } from '../../../scripts/docs.ts'
import {
  belowFloor,
  FILE_FLOOR,
  missingFiles,
  renderMutationTable,
  score,
  tally,
  type MutationReport
} from '../../../scripts/mutation-table.ts'

const mutants = (counts: Record<string, number>): { status: string }[] =>
  Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })))

describe('tally', () => {
  it('counts each status of a finished run in its column, ignored and error mutants in none of the four', () => {
    expect(tally(mutants({ Killed: 5, Survived: 4, Timeout: 3, NoCoverage: 2, Ignored: 1, CompileError: 1, RuntimeError: 1 }))).toEqual({
      killed: 5,
      survived: 4,
      timeouts: 3,
      noCoverage: 2,
      uncounted: 3
    })
    expect(tally([])).toEqual({ killed: 0, survived: 0, timeouts: 0, noCoverage: 0, uncounted: 0 })
  })
  it('refuses a mutant still pending, or of a status it does not know: the report is not of a finished run', () => {
    for (const status of ['Pending', 'killed', 'toString']) {
      const error = ((): unknown => {
        try {
          tally(mutants({ Killed: 1, [status]: 1 }))
        } catch (caught) {
          return caught
        }
        return undefined
      })()
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).toBe(`a mutant has the status "${status}": the report is not of a finished run`)
    }
  })
})

describe('score', () => {
  const of = (killed: number, timeouts: number, survived: number, noCoverage: number, uncounted = 0): string =>
    score({ killed, timeouts, survived, noCoverage, uncounted })
  it('is the caught (killed or timed out) over the counted (also survived or not covered), to a tenth', () => {
    expect(of(3, 1, 1, 0)).toBe('80.0 %')
    expect(of(2, 0, 0, 2)).toBe('50.0 %')
    expect(of(7, 0, 0, 0, 5)).toBe('100.0 %')
    expect(of(2, 0, 1, 0)).toBe('66.6 %')
  })
  it('rounds down, so that a file with a survivor never shows 100.0 %', () => {
    expect(of(1999, 0, 1, 0)).toBe('99.9 %')
    expect(of(1998, 1, 0, 1)).toBe('99.9 %')
    expect(of(199, 0, 1, 0)).toBe('99.5 %')
  })
  it('is a dash for a file without a counted mutant', () => {
    expect(of(0, 0, 0, 0, 4)).toBe('–')
  })
})

describe('renderMutationTable', () => {
  const report: MutationReport = {
    files: {
      'src/zones.ts': { mutants: mutants({ Killed: 990, Survived: 8, Timeout: 2 }) },
      'src\\http\\client.ts': { mutants: mutants({ Killed: 3, NoCoverage: 1, Ignored: 2 }) },
      'src/edge/index.ts': { mutants: mutants({ Killed: 10, Timeout: 1 }) },
      'src/types.ts': { mutants: [] }
    }
  }
  it('has a row per file named from src/, sorted by path, and the total: mutants counted, score, and each status', () => {
    expect(renderMutationTable(report)).toBe(
      [
        '| file | mutants | score | killed | survived | timeouts | no coverage | not counted |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        '| `edge/index.ts` | 11 | 100.0 % | 10 | 0 | 1 | 0 | 0 |',
        '| `http/client.ts` | 4 | 75.0 % | 3 | 0 | 0 | 1 | 2 |',
        '| `types.ts` | 0 | – | 0 | 0 | 0 | 0 | 0 |',
        '| `zones.ts` | 1,000 | 99.2 % | 990 | 8 | 2 | 0 | 0 |',
        '| **all** | **1,015** | **99.1 %** | **1,003** | **8** | **3** | **1** | **2** |'
      ].join('\n')
    )
  })
  it('gives a file to mutate that the report leaves out, one without a mutant, a row of its own', () => {
    expect(
      renderMutationTable({ files: { 'src/a.ts': { mutants: mutants({ Killed: 1 }) } } }, ['src/types.ts', 'src/a.ts'])
        .split('\n')
        .slice(2)
    ).toEqual([
      '| `a.ts` | 1 | 100.0 % | 1 | 0 | 0 | 0 | 0 |',
      '| `types.ts` | 0 | – | 0 | 0 | 0 | 0 | 0 |',
      '| **all** | **1** | **100.0 %** | **1** | **0** | **0** | **0** | **0** |'
    ])
  })
  it('is only the header and a total of nothing for a report of no file', () => {
    expect(renderMutationTable({ files: {} }).split('\n').at(-1)).toBe(
      '| **all** | **0** | **–** | **0** | **0** | **0** | **0** | **0** |'
    )
  })
})

describe('belowFloor', () => {
  it('names each file below 96 %, sorted by path, with its score; timeouts count as caught', () => {
    expect(FILE_FLOOR).toBe(96)
    const files = {
      'src\\zones.ts': { mutants: mutants({ Killed: 95, Survived: 5 }) },
      'src/a.ts': { mutants: mutants({ Killed: 2, NoCoverage: 1 }) },
      'src/edge.ts': { mutants: mutants({ Killed: 90, Timeout: 6, Survived: 4 }) },
      'src/types.ts': { mutants: mutants({ Ignored: 3 }) }
    }
    expect(belowFloor({ files })).toEqual(['src/a.ts 66.6 %', 'src/zones.ts 95.0 %'])
  })
  it('counts exactly the floor as held, and a hair below it as not', () => {
    expect(belowFloor({ files: { 'src/a.ts': { mutants: mutants({ Killed: 24, Survived: 1 }) } } })).toEqual([])
    expect(belowFloor({ files: { 'src/a.ts': { mutants: mutants({ Killed: 2399, Survived: 101 }) } } })).toEqual(['src/a.ts 95.9 %'])
    expect(belowFloor({ files: { 'src/a.ts': { mutants: mutants({ Killed: 1, Survived: 1 }) } } }, 50)).toEqual([])
    expect(belowFloor({ files: { 'src/a.ts': { mutants: mutants({ Killed: 1, Survived: 1 }) } } }, 51)).toEqual(['src/a.ts 50.0 %'])
  })
})

describe('missingFiles', () => {
  const MUTATE = ['src/**/*.ts', '!src/index.ts']
  const files = { 'src/text.ts': { mutants: [] }, 'src\\edge\\index.ts': { mutants: [] } }
  const all = ['src/zones.ts', 'src/text.ts', 'src/edge/index.ts', 'src/analytics.ts']
  it('names the files to mutate that a run narrowed by --mutate leaves out, sorted', () => {
    expect(missingFiles({ files, config: { mutate: ['src/text.ts', 'src/edge/index.ts'] } }, all, MUTATE)).toEqual([
      'src/analytics.ts',
      'src/zones.ts'
    ])
    expect(missingFiles({ files }, all, MUTATE)).toEqual(['src/analytics.ts', 'src/zones.ts'])
  })
  it('names none when a narrowed run kept the outcomes of the others (incremental), or when the run was not narrowed', () => {
    expect(missingFiles({ files, config: { mutate: ['src/text.ts'] } }, ['src/text.ts', 'src/edge/index.ts'], MUTATE)).toEqual([])
    expect(missingFiles({ files, config: { mutate: MUTATE } }, all, MUTATE)).toEqual([])
  })
})

it("docs/development.md's Mutation testing section holds the markers the script writes its table between", () => {
  const docs = readFileSync(new URL('../../../docs/development.md', import.meta.url), 'utf8')
  const section = /\n## Mutation testing\n(?:(?!\n## )[^])*/.exec(docs)?.[0] ?? ''
  expect(section).not.toBe('')
  const written = replaceBetween(section, 'mutation-table', renderMutationTable({ files: {} }), 'docs/development.md')
  expect(written).toContain(`<!-- mutation-table:start -->\n${renderMutationTable({ files: {} })}\n<!-- mutation-table:end -->`)
})
