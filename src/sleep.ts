/** Waits `ms` milliseconds on a timer: the one real sleep; every waiting part takes it as an injectable option. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
