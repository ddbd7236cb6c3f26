import { basename, join } from 'node:path';
import type { EngineSettings } from '../settings.ts';

export interface DebugFlag {
  /** The folder after `--debug`: undefined without the flag, '' when the folder is missing. */
  dir?: string;
  /** The other arguments, in order. */
  args: string[];
}

/** Takes `--debug DIR` out of the CLI's arguments. */
export function takeDebugFlag(argv: readonly string[]): DebugFlag {
  const at = argv.indexOf('--debug');
  if (at < 0) return { args: [...argv] };
  const next = argv[at + 1];
  const dir = next && !next.startsWith('--') ? next : '';
  return { dir, args: argv.filter((_, i) => i !== at && !(dir && i === at + 1)) };
}

/**
 * Draws what the finders see on `file` into `dir` (see write-debug-pictures.ts), in this process.
 * Loaded on demand, so the CLI pays for the drawing code only when asked for it. Says on stderr
 * where the index is: stdout carries only JSON.
 */
export async function drawDebugPictures(file: string, dir: string, settings: EngineSettings): Promise<void> {
  const { writeDebugPicturesOf } = await import('./write-debug-pictures.ts');
  const out = await writeDebugPicturesOf(file, dir, settings);
  process.stderr.write(`${basename(file)}: ${out.files.length - 1} página(s) dibujada(s) en ${join(dir, 'index.html')}\n`);
}
