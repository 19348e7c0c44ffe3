/**
 * How include/exclude patterns match: dot-folders and dot-files too (.well-known/, .htaccess); and the same on
 * every runner: paths are matched with `/` between folders and `\` escapes, also on Windows, where picomatch
 * would otherwise take `\` as a separator and a pattern would mean something else than on Linux.
 */
export const GLOB_OPTIONS = { dot: true, windows: false } as const
