import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The baseline bench:extract measures beside the engine in the same run (issue 14): poppler's
 * `pdftotext -layout`, one process per file as the engine's product runs one task per file, output
 * thrown away; counted like the engine's children: each process's own CPU (user + system) and its
 * peak RSS.
 */
export interface BaselineRound {
  cpuMs: number;
  /** Of the largest process. */
  peakRssMb: number;
  failed: number;
}

const TIME = '/usr/bin/time';

/** The pdftotext binary, or a sentence saying why there is no baseline. */
export function findPdftotext(): { bin: string } | { missing: string } {
  if (!existsSync(TIME)) return { missing: `${TIME} (GNU time) is not installed: no pdftotext baseline, no ratio` };
  const probe = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (probe.error) return { missing: 'pdftotext (poppler-utils) is not installed: no baseline, no ratio' };
  const version = /pdftotext version (\S+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1] ?? '?';
  return { bin: `pdftotext ${version}` };
}

/**
 * `pdftotext -layout file /dev/null` on every file, one process each, from one shell: its `times`
 * builtin prints its children's CPU to the millisecond (getrusage(RUSAGE_CHILDREN): the pdftotext
 * processes alone), GNU time around the shell the peak RSS of the largest of them.
 */
export function pdftotextRound(paths: string[]): BaselineRound {
  const script = 'for f; do pdftotext -layout -q "$f" /dev/null || echo "FAILED $f" >&2; done; times';
  const out = spawnSync(TIME, ['-f', '@@ %M', 'bash', '-c', script, 'pdftotext-round', ...paths], { encoding: 'utf8' });
  // `times`: the shell's own user/system line, then its children's: "0m0.120s 0m0.031s".
  const lines = (out.stdout ?? '').trim().split('\n');
  const children = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s/.exec(lines.at(-1) ?? '');
  const peak = /@@ (\d+)/.exec(out.stderr ?? '');
  const failed = (out.stderr ?? '').split('\n').filter((line) => line.startsWith('FAILED ')).length;
  if (out.status !== 0 || !children || !peak) throw new Error(`pdftotext round failed (${out.status}): ${(out.stderr ?? '').slice(-300)}`);
  const [, um, us, sm, ss] = children.map(Number) as number[];
  return { cpuMs: ((um ?? 0) * 60 + (us ?? 0) + (sm ?? 0) * 60 + (ss ?? 0)) * 1000, peakRssMb: Number(peak[1]) / 1024, failed };
}
