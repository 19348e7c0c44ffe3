import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import { isPathSegment, pathSegment } from '../../../src/http/path.js'

describe('pathSegment', () => {
  it('encodes a value as one segment: /, ?, # and % stay inside it', () => {
    expect(pathSegment('z/1')).toBe('z%2F1')
    expect(pathSegment('../purge')).toBe('..%2Fpurge')
    expect(pathSegment('a?b#c%2e')).toBe('a%3Fb%23c%252e')
    expect(pathSegment('023e105f4ecef8ad9ca31a8372d0c353')).toBe('023e105f4ecef8ad9ca31a8372d0c353')
  })
  it.each(['', '.', '..'])('refuses %j, which a URL parser does not read as a segment', (value) => {
    expect(isPathSegment(value)).toBe(false)
    expect(() => pathSegment(value)).toThrow(TypeError)
    expect(() => pathSegment(value)).toThrow(`"${value}" cannot be a segment of a request path`)
  })
  test.prop([fc.string({ minLength: 1 })])('a segment it gives stays one segment of the path, and reads back', (value) => {
    fc.pre(isPathSegment(value))
    const url = new URL(`https://api.example.net/v1/zones/${pathSegment(value)}/purge`)
    expect(url.pathname.split('/')).toHaveLength(5)
    expect(url.pathname.endsWith('/purge')).toBe(true)
    expect(decodeURIComponent(url.pathname.split('/')[3] as string)).toBe(value)
  })
})
