// What a test needs of the system it runs on that not every runner's system has. CI runs the unit tests on
// Linux, macOS and Windows: a test that needs one of these is skipped elsewhere, and says why (vitest prints
// the note). The behaviour such a test checks is POSIX-only itself (a FIFO, /proc), or is checked on Linux.
import type { TestContext } from 'vitest'

/** Why a test that needs symbolic links any user may make, or links to POSIX system files, cannot run here. */
export const NO_SYMLINKS =
  process.platform === 'win32'
    ? 'Windows lets only administrators (or developer mode) make symbolic links, and has no /dev/zero to link to'
    : undefined

/** Why a test that makes a named pipe (mkfifo), a device node or a socket in a folder cannot run here. */
export const NO_SPECIAL_FILES = process.platform === 'win32' ? 'Windows has no FIFOs, device nodes or sockets among its files' : undefined

/** Why a test that links to /proc or /sys cannot run here. */
export const NO_PROC = process.platform === 'linux' ? undefined : '/proc and /sys are Linux folders'

/**
 * Why a test that makes two files whose names differ only in case cannot run here: macOS and Windows file
 * systems take them as one file unless set otherwise. Decided by the system, not by a probe.
 */
export const CASE_INSENSITIVE_FILES =
  process.platform === 'win32' || process.platform === 'darwin'
    ? 'the file system of macOS and Windows takes A.HTML and a.html as one file'
    : undefined

/** Why a test that expects ENOTDIR for a path through a file cannot run here: Windows says ENOENT. */
export const NOT_A_FOLDER_IS_MISSING =
  process.platform === 'win32' ? 'Windows reports a path through a file as missing (ENOENT), not as ENOTDIR' : undefined

/** Why a test that runs a bash script of the project's CI (scripts/*.sh) cannot run here: CI runs them on Linux. */
export const NO_CI_SHELL = process.platform === 'win32' ? 'the CI scripts are bash scripts that CI runs on Linux' : undefined

/** Skips the running test, saying why, when this system lacks what it needs: each reason is one of the above. */
export function needs(context: TestContext, ...reasons: readonly (string | undefined)[]): void {
  const reason = reasons.find((why) => why !== undefined)
  if (reason !== undefined) context.skip(reason)
}
