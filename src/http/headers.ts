/**
 * Answer headers as undici gives them, for the API and the edge alike: lower-case names, and an array
 * for a field sent more than once. The one headers type every reader takes.
 */
export type ResponseHeaders = Readonly<Record<string, string | readonly string[] | undefined>>
