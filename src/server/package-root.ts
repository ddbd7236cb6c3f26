import fs from 'node:fs';
import path from 'node:path';

/**
 * The package's folder (where package.json is), found upwards from this module: it runs from
 * src/server/ under tsx and from build/server.mjs once compiled (a bundle has one import.meta for
 * all its modules, so paths relative to a source file are wrong there).
 */
export const PACKAGE_ROOT = ((): string => {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${import.meta.dirname}`);
  }
})();
