import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskSpace, RESERVE_FILE, isDiskFullError } from './disk-space.ts';

const MB = 1024 * 1024;

function setup(freeMb: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-space-'));
  const state = { free: freeMb * MB };
  const lines: string[] = [];
  const log = { info: (_o: object, m: string) => lines.push(`info ${m}`), warn: (_o: object, m: string) => lines.push(`warn ${m}`) };
  // The fake file system: the reserve file's bytes come out of `free`.
  const space = new DiskSpace(dir, {
    minFreeBytes: 4 * MB,
    reserveBytes: 1 * MB,
    log,
    statFree: async () => state.free - (fs.existsSync(path.join(dir, RESERVE_FILE)) ? MB : 0),
  });
  return { dir, state, lines, space, reserve: () => path.join(dir, RESERVE_FILE) };
}

describe('DiskSpace', () => {
  it('takes a reserve file of real bytes at start when there is room', async () => {
    const { space, reserve } = setup(100);
    await space.start();
    expect(fs.statSync(reserve()).size).toBe(MB);
    expect(space.holdsReserve).toBe(true);
    expect(await space.roomForWrites()).toBe(true);
    expect(await space.roomForJobs()).toBe(true);
  });

  it('below the minimum: writes and jobs wait, logged once per change of state', async () => {
    const { space, state, lines } = setup(100);
    await space.start();
    state.free = 3 * MB;
    expect(await space.roomForWrites()).toBe(false);
    for (let i = 0; i < 5; i++) expect(await space.roomForJobs()).toBe(false);
    state.free = 50 * MB;
    for (let i = 0; i < 5; i++) expect(await space.roomForJobs()).toBe(true);
    expect(lines).toEqual(['warn disk space low: no new jobs are claimed and writes are refused (507)', 'info disk space is back: jobs are claimed again']);
  });

  it('gives the reserve up once, and takes it again only with room to spare', async () => {
    const { space, state, reserve } = setup(100);
    await space.start();
    state.free = MB; // the reserve's megabyte is all that is left
    expect(await space.releaseReserve()).toBe(true);
    expect(await space.releaseReserve()).toBe(false);
    expect(fs.existsSync(reserve())).toBe(false);
    // Above the minimum but not above minimum + reserve: writes go ahead, jobs still wait.
    state.free = 4.5 * MB;
    expect(await space.roomForWrites()).toBe(true);
    expect(await space.roomForJobs()).toBe(false);
    expect(fs.existsSync(reserve())).toBe(false);
    state.free = 6 * MB;
    expect(await space.roomForJobs()).toBe(true);
    expect(fs.statSync(reserve()).size).toBe(MB);
  });

  it('without a reserve (PostgreSQL) only the minimum counts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-space-'));
    let free = 10 * MB;
    const space = new DiskSpace(dir, { minFreeBytes: 4 * MB, reserveBytes: 0, statFree: async () => free });
    await space.start();
    expect(fs.existsSync(path.join(dir, RESERVE_FILE))).toBe(false);
    expect(await space.roomForJobs()).toBe(true);
    free = MB;
    expect(await space.roomForJobs()).toBe(false);
    expect(await space.releaseReserve()).toBe(false);
  });

  it('a reserve file of the wrong size (another setting) is replaced', async () => {
    const { space, reserve } = setup(100);
    fs.writeFileSync(reserve(), Buffer.alloc(10));
    await space.start();
    expect(fs.statSync(reserve()).size).toBe(MB);
  });
});

describe('isDiskFullError', () => {
  it('knows the codes of Node, SQLite and PostgreSQL, and nothing else', () => {
    expect(isDiskFullError({ code: 'ENOSPC' })).toBe(true);
    expect(isDiskFullError({ code: 'SQLITE_FULL' })).toBe(true);
    expect(isDiskFullError({ code: '53100' })).toBe(true);
    expect(isDiskFullError({ code: 'SQLITE_IOERR_WRITE', message: 'disk I/O error' })).toBe(false);
    expect(isDiskFullError({ code: 'SQLITE_IOERR_WRITE', message: 'disk I/O error' }, true)).toBe(true);
    expect(isDiskFullError(new Error('x', { cause: { code: 'ENOSPC' } }))).toBe(true);
    expect(isDiskFullError(new Error('no code'))).toBe(false);
    expect(isDiskFullError(undefined)).toBe(false);
    expect(isDiskFullError({ code: 'EACCES' })).toBe(false);
  });
});
