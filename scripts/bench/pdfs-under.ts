import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every PDF under a folder (or the file itself), in name order: the documents a bench reads. */
export function pdfsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return dir.endsWith('.pdf') ? [dir] : [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => pdfsUnder(join(dir, name)));
}
