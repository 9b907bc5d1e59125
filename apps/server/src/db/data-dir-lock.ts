import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Why the database cannot be opened, in one line for the operator: what, where, and what to do. main.ts logs the
 * message (no stack trace) and exits with code 1.
 */
export class DatabaseStartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartupError';
  }
}

/** The lock file in DATA_DIR: the process id of the server that has the embedded database open. */
export const DATA_DIR_LOCK_FILE = 'fleetdesk-server.lock';

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file (when it is still ours). Safe to call twice. */
  release(): void;
}

/** Lock files this process holds: a lock file with our own pid that is not here was left by an earlier process. */
const heldByThisProcess = new Set<string>();

const errorCode = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

/** A short reason for a file-system error, for the one-line message. */
export function fileSystemReason(err: unknown): string {
  const code = errorCode(err);
  switch (code) {
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a part of the path is a file, not a directory (ENOTDIR)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code})`;
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'ENOSPC':
      return 'no space left on the device (ENOSPC)';
    default:
      return err instanceof Error ? err.message : String(err);
  }
}

/** Whether process `pid` runs (a process of another user answers EPERM: it runs). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process: PGlite has no lock of its own across processes, and two servers on one
 * directory would corrupt the database. The lock file holds the pid; it is stale (and replaced) when that process no
 * longer runs, or when it names this process but this process does not hold it (a container restarted under the same
 * pid). The file is written completely under a temporary name and then hard-linked into place, which fails when a lock
 * file exists: two servers starting at the same moment cannot both win.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const draft = `${file}.${process.pid}.tmp`;
  const cannotUse = (err: unknown) =>
    new DatabaseStartupError(
      `Cannot use the data directory ${dataDir}: ${fileSystemReason(err)}. Set DATA_DIR to a directory this user can read and write.`,
    );
  try {
    writeFileSync(draft, `${process.pid}\n`, { mode: 0o644 });
  } catch (err) {
    throw cannotUse(err);
  }
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(draft, file);
        return holdLock(file);
      } catch (err) {
        if (errorCode(err) !== 'EEXIST') throw cannotUse(err);
      }
      const holder = holderOf(file);
      const held = holder !== undefined && (holder === process.pid ? heldByThisProcess.has(file) : processRuns(holder));
      if (held) {
        throw new DatabaseStartupError(
          `The data directory ${dataDir} is in use by another Fleetdesk server (process ${holder}). Stop that server, or set DATA_DIR to another directory; if no such server runs, delete ${file}.`,
        );
      }
      rmSync(file, { force: true });
    }
    throw new DatabaseStartupError(
      `The data directory ${dataDir} is in use by another Fleetdesk server that started at the same moment. Stop it, or set DATA_DIR to another directory.`,
    );
  } finally {
    rmSync(draft, { force: true });
  }
}

function holdLock(file: string): DataDirLock {
  heldByThisProcess.add(file);
  const release = () => {
    if (!heldByThisProcess.delete(file)) return;
    process.removeListener('exit', release);
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
  // A process that exits without closing the database (a crash, process.exit) still removes its lock file.
  process.once('exit', release);
  return { file, release };
}
