import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface TempFile {
  tmpPath: string;
  sha256: string;
  size: number;
  /** First bytes, for the content check. */
  head: Buffer;
}

const HEAD_BYTES = 1024;

/** Stored PDFs: written under tmp/, flushed, then renamed into files/ — never a partial file in files/. */
export class FileStore {
  readonly filesDir: string;
  readonly tmpDir: string;

  constructor(dataDir: string) {
    this.filesDir = path.join(dataDir, 'files');
    this.tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(this.filesDir, { recursive: true });
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  pathOf(storageKey: string): string {
    return path.join(this.filesDir, `${storageKey}.pdf`);
  }

  async writeTemp(source: Readable): Promise<TempFile> {
    const tmpPath = path.join(this.tmpDir, `${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    const headChunks: Buffer[] = [];
    let size = 0;
    let headSize = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        if (headSize < HEAD_BYTES) {
          headChunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, tap, fs.createWriteStream(tmpPath));
    } catch (err) {
      await fsp.rm(tmpPath, { force: true });
      throw err;
    }
    return { tmpPath, sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks) };
  }

  /** fsync the file, rename it into place, fsync the folder: durable before the row commits. */
  async commit(tmpPath: string): Promise<string> {
    const key = crypto.randomUUID();
    const handle = await fsp.open(tmpPath, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(tmpPath, this.pathOf(key));
    const dir = await fsp.open(this.filesDir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
    return key;
  }

  async discard(tmpPath: string): Promise<void> {
    await fsp.rm(tmpPath, { force: true });
  }

  async remove(storageKey: string): Promise<void> {
    await fsp.rm(this.pathOf(storageKey), { force: true });
  }

  /**
   * After a crash: drop half-written uploads and files whose row never committed (`storedFiles`
   * false: only the temp files, when the PDFs live in PostgreSQL and files/ holds older copies).
   */
  async sweep(knownKeys: Set<string>, { storedFiles = true } = {}): Promise<number> {
    let removed = 0;
    for (const name of await fsp.readdir(this.tmpDir)) {
      await fsp.rm(path.join(this.tmpDir, name), { force: true });
      removed++;
    }
    if (!storedFiles) return removed;
    for (const name of await fsp.readdir(this.filesDir)) {
      if (name.endsWith('.pdf') && !knownKeys.has(name.slice(0, -4))) {
        await fsp.rm(path.join(this.filesDir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** `%PDF-` within the first 1024 bytes, as readers accept it (some files carry a preamble). */
export function looksLikePdf(head: Buffer): boolean {
  return head.subarray(0, HEAD_BYTES).includes('%PDF-');
}
