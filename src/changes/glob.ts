/** How include/exclude patterns match: dot-folders and dot-files too (.well-known/, .htaccess). */
export const GLOB_OPTIONS = { dot: true } as const
