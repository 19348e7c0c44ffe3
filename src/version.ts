/** The action's version, sent in the User-Agent. A unit test keeps it equal to package.json's. */
export const VERSION = '1.0.0'
export const USER_AGENT = `cdn-purge-action/${VERSION}`
