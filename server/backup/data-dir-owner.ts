import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Who has DATA_DIR's embedded database open. PGlite's files belong to one process at a time: a second one opening
 * them (a second server, a backup or restore command) would corrupt them. The process that opens them first writes
 * `DATA_DIR/owner.json` (mode 600) and removes it when it is done:
 * - a server: its pid, and the loopback port and the per-start token of its operations listener, through which
 *   `npm run backup` asks it for a backup (ops-listener.ts);
 * - `npm run backup` (no server running) and `npm run restore`: their pid.
 * A record left by a process that died (kill -9, a power cut) is stale: its pid is gone, or its port no longer
 * answers, and the next process takes the directory over.
 */

export const OWNER_FILE = 'owner.json';

export interface OwnerRecord {
  pid: number;
  role: 'server' | 'backup' | 'restore';
  host: string;
  started_at: string;
  /** A server's operations listener on 127.0.0.1. */
  port?: number;
  token?: string;
}

export type OwnerState = 'live' | 'stale' | 'unknown';

/** DATA_DIR is another process's: the message names it and what to do. */
export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
  constructor(
    readonly dataDir: string,
    readonly owner: OwnerRecord,
    readonly state: OwnerState,
  ) {
    const who = owner.role === 'server' ? `a running server (pid ${owner.pid})` : `npm run ${owner.role} (pid ${owner.pid})`;
    super(
      state === 'live'
        ? `${dataDir} is in use by ${who}. Its embedded database takes one process at a time: wait for it to finish or stop it, then try again.`
        : `${dataDir} may be in use by ${who} on ${owner.host}, which cannot be checked from here (it does not answer, or runs on another machine). ` +
            `If no such process runs, delete ${path.join(dataDir, OWNER_FILE)} and try again.`,
    );
  }
}

export async function readOwner(dataDir: string): Promise<OwnerRecord | null> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, OWNER_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const record = JSON.parse(text) as OwnerRecord;
    if (typeof record.pid === 'number' && typeof record.role === 'string') return record;
  } catch {
    // A damaged record names no process: nobody can hold it.
  }
  return { pid: 0, role: 'server', host: os.hostname(), started_at: '' };
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A server's operations listener answering `GET /ops/ping` for its token, with its pid. */
export async function pingServer(record: OwnerRecord, timeoutMs = 2_000): Promise<'answers' | 'refused' | 'other' | 'timeout'> {
  try {
    const res = await fetch(`http://127.0.0.1:${record.port}/ops/ping`, {
      headers: { authorization: `Bearer ${record.token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return 'other';
    const body = (await res.json()) as { pid?: number };
    return body.pid === record.pid ? 'answers' : 'other';
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return 'timeout';
    const code = ((error as { cause?: NodeJS.ErrnoException }).cause ?? (error as NodeJS.ErrnoException)).code;
    return code === 'ECONNREFUSED' ? 'refused' : 'other';
  }
}

/**
 * Whether the record's process still holds DATA_DIR. A server holds it while its pid lives and its listener answers
 * (it listens before it writes the record); a command while its pid lives. A pid alive whose port refuses
 * connections is another process that got the pid after a reboot: stale. A server that does not answer in time, or a
 * record of another machine, cannot be judged: 'unknown', which callers treat as held.
 */
export async function ownerState(record: OwnerRecord): Promise<OwnerState> {
  if (record.pid === process.pid && record.host === os.hostname()) return 'stale';
  if (record.host !== os.hostname()) return 'unknown';
  if (!pidAlive(record.pid)) return 'stale';
  if (record.role !== 'server') return 'live';
  if (typeof record.port !== 'number' || typeof record.token !== 'string') return 'stale';
  const answer = await pingServer(record);
  if (answer === 'answers') return 'live';
  return answer === 'timeout' ? 'unknown' : 'stale';
}

/** Errors of a file system without hard links (some network and FUSE mounts). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates `file` with `text` unless it exists (EEXIST): by hard-linking the whole temp file into place, so a reader
 * never sees half a record; where the file system has no hard links, by an exclusive create.
 */
async function createOnce(tmp: string, file: string, text: string): Promise<void> {
  try {
    await link(tmp, file);
  } catch (error) {
    if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await writeFile(file, text, { mode: 0o600, flag: 'wx' });
  }
}

export interface DataDirClaim {
  readonly record: OwnerRecord;
  /** Removes the record, if it is still this claim's. */
  release(): Promise<void>;
}

/**
 * Makes this process DATA_DIR's owner, or throws DataDirInUse. The record is written whole to a temporary file and
 * linked into place, which fails when a record exists, so two processes never both succeed; a stale record is
 * removed and the claim tried once more.
 */
export async function claimDataDir(dataDir: string, claim: Omit<OwnerRecord, 'pid' | 'host' | 'started_at'>): Promise<DataDirClaim> {
  const record: OwnerRecord = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString(), ...claim };
  const file = path.join(dataDir, OWNER_FILE);
  const tmp = path.join(dataDir, `.${OWNER_FILE}.${randomUUID()}.tmp`);
  const text = JSON.stringify(record, null, 2);
  await writeFile(tmp, text, { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await createOnce(tmp, file, text);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // Gone meanwhile: its owner released it; try again.
        const existing = await readOwner(dataDir);
        const state = existing ? await ownerState(existing) : 'stale';
        if (existing && (state !== 'stale' || attempt >= 2)) throw new DataDirInUse(dataDir, existing, state);
        if (!existing && attempt >= 2) throw error;
        if (existing) await unlink(file).catch(() => {});
      }
    }
  } finally {
    await unlink(tmp).catch(() => {});
  }
  return {
    record,
    async release() {
      const current = await readOwner(dataDir).catch(() => null);
      if (current && current.pid === record.pid && current.started_at === record.started_at) await unlink(file).catch(() => {});
    },
  };
}
