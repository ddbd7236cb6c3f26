// Plain JavaScript, so scripts/run-built.mjs decides whether to build before tsx is loaded;
// bundle.ts re-exports it with the repository's build folder as default. Types: is-fresh.d.mts.
import fs from 'node:fs';
import path from 'node:path';

export function isFresh(name, buildDir, root) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(buildDir, `${name}.inputs.json`), 'utf8'));
  } catch {
    return false;
  }
  if (!manifest.outputs.every((out) => fs.existsSync(path.join(buildDir, out)))) return false;
  for (const [file, seen] of Object.entries(manifest.inputs)) {
    if (!seen) return false;
    const stat = fs.statSync(path.join(root, file), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs !== seen[0] || stat.size !== seen[1]) return false;
  }
  return true;
}
