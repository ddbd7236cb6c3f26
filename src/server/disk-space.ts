import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Free space in DATA_DIR (docs/decisions/035). Below `minFreeBytes` the server refuses writes that
 * land there (507) and stops claiming jobs, so a full disk is met before a write half-happens. A
 * reserve file ("ballast") of `reserveBytes` is kept in DATA_DIR and deleted when a job's save
 * still meets a full disk (something else ate the space), so putting the job back in the queue can
 * commit; it is written again once the space is back with room to spare.
 */
export const RESERVE_FILE = 'space-reserve.bin';

/** SQLite I/O errors a full disk can cause (growing the WAL index, a write): disk full only when space is short. */
const SQLITE_WRITE_IOERR = /^SQLITE_IOERR_(WRITE|SHMSIZE|TRUNCATE|FSYNC|DIR_FSYNC)$/;

/**
 * Whether an error means the storage is full: a Node file error (ENOSPC, EDQUOT), SQLite's
 * SQLITE_FULL, PostgreSQL's SQLSTATE 53100 (disk_full), or a SQLite write I/O error while space is
 * known to be short (`spaceShort`: SQLite does not say which errno made a write fail). Looks
 * through `cause` chains.
 */
export function isDiskFullError(err: unknown, spaceShort = false): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100' || code === 'SQLITE_FULL') return true;
    if (SQLITE_WRITE_IOERR.test(code) && (spaceShort || /ENOSPC|no space/i.test(String((e as { message?: unknown }).message)))) return true;
  }
  return false;
}

/** A Node file error (ENOSPC, EDQUOT) rather than a database's. */
export function isFileSpaceError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export interface DiskSpaceOptions {
  minFreeBytes: number;
  /** 0: no reserve file. */
  reserveBytes: number;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void } | undefined;
  /** Free bytes of the folder's file system (tests may replace it). */
  statFree?: (dir: string) => Promise<number>;
}

async function statFree(dir: string): Promise<number> {
  const s = await fsp.statfs(dir);
  return s.bavail * s.bsize;
}

export class DiskSpace {
  readonly reservePath: string;
  private readonly statFree: (dir: string) => Promise<number>;
  private reserveHeld = false;
  private lowLogged = false;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly o: DiskSpaceOptions,
  ) {
    this.reservePath = path.join(dir, RESERVE_FILE);
    this.statFree = o.statFree ?? statFree;
  }

  /** Takes the reserve if there is room for it (at start: an existing reserve file is kept). */
  async start(): Promise<void> {
    if (this.o.reserveBytes > 0) {
      const size = await fsp.stat(this.reservePath).then((st) => st.size, () => -1);
      this.reserveHeld = size === this.o.reserveBytes;
      if (size >= 0 && !this.reserveHeld) await fsp.rm(this.reservePath, { force: true });
    }
    await this.roomForJobs();
  }

  /** Free bytes now. */
  free(): Promise<number> {
    return this.statFree(this.dir);
  }

  /** Whether a write request may go ahead: at least `minFreeBytes` free now. */
  async roomForWrites(): Promise<boolean> {
    return (await this.free()) >= this.o.minFreeBytes;
  }

  /**
   * Whether the queue may claim a job: room for writes and the reserve in place. A reserve that
   * was given up is taken again first, once the space allows it and still leaves `minFreeBytes`.
   * Logs once per change of state.
   */
  async roomForJobs(): Promise<boolean> {
    return this.serial(async () => {
      let free = await this.free();
      if (this.o.reserveBytes > 0 && !this.reserveHeld && free >= this.o.minFreeBytes + this.o.reserveBytes) {
        this.reserveHeld = await this.writeReserve();
        free = await this.free();
      }
      const room = free >= this.o.minFreeBytes && (this.o.reserveBytes === 0 || this.reserveHeld);
      if (room === this.lowLogged) {
        this.lowLogged = !room;
        if (room) this.o.log?.info({ free }, 'disk space is back: jobs are claimed again');
        else this.o.log?.warn({ free, minFree: this.o.minFreeBytes }, 'disk space low: no new jobs are claimed and writes are refused (507)');
      }
      return room;
    });
  }

  /** Gives the reserve back to the file system; true when there was one to give. */
  async releaseReserve(): Promise<boolean> {
    return this.serial(async () => {
      if (!this.reserveHeld) return false;
      this.reserveHeld = false;
      await fsp.rm(this.reservePath, { force: true });
      this.o.log?.warn({ bytes: this.o.reserveBytes }, 'disk full: reserve file released so queue bookkeeping can commit');
      return true;
    });
  }

  get holdsReserve(): boolean {
    return this.reserveHeld;
  }

  private async writeReserve(): Promise<boolean> {
    // Real bytes, not a sparse file: the blocks must be taken now to be given back later
    // (random, so a compressing file system cannot shrink them).
    const chunk = crypto.randomBytes(Math.min(1 << 20, this.o.reserveBytes));
    const tmp = `${this.reservePath}.part`;
    try {
      const handle = await fsp.open(tmp, 'w');
      try {
        for (let written = 0; written < this.o.reserveBytes; written += chunk.length) {
          await handle.write(chunk, 0, Math.min(chunk.length, this.o.reserveBytes - written));
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, this.reservePath);
      return true;
    } catch {
      await fsp.rm(tmp, { force: true });
      return false;
    }
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.busy.then(fn, fn);
    this.busy = run.catch(() => undefined);
    return run;
  }
}
