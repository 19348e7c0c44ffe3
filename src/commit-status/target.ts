// What `commit-status` asks for: read with the inputs, so nothing here may load more than itself (the cold start).

/** What `commit-status` asks for: the status's context, and the token that posts it (masked). */
export interface StatusTarget {
  /** The context, e.g. "cdn-purge/production": at most MAX_CONTEXT_CHARS printable characters. */
  readonly context: string
  readonly githubToken: string
}

/** GitHub's statuses take any context; this one is a label on a commit page, so it is kept short. */
export const MAX_CONTEXT_CHARS = 100
