import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Usage: tsx scripts/bench/profile-summary.ts DIR [--top N]
// Sums the self time of every .cpuprofile in DIR (child-profile.ts --cpu-prof DIR) by who owns the
// code: pdf.js (build/pdfjs), ours (build/chunks, each sample's source file found by the
// `// src/...` comments esbuild writes before each module), Node and V8's builtins, GC, idle; then
// our source files and our functions, heaviest first (decision 001, issue 14).

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const sourceMaps = new Map<string, { line: number; file: string }[]>();

/** The module a line of a bundled chunk belongs to, from esbuild's `// path` comments. */
function sourceOf(url: string, line: number): string {
  let marks = sourceMaps.get(url);
  if (!marks) {
    marks = [];
    const lines = readFileSync(fileURLToPath(url), 'utf8').split('\n');
    lines.forEach((text, i) => {
      const m = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(text);
      if (m) marks!.push({ line: i, file: m[1]! });
    });
    sourceMaps.set(url, marks);
  }
  let file = '(chunk)';
  for (const mark of marks) {
    if (mark.line > line) break;
    file = mark.file;
  }
  return file;
}

function owner(node: Node): { group: string; file?: string } {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return { group: 'GC' };
  if (functionName === '(idle)') return { group: 'idle' };
  if (functionName === '(program)') return { group: 'program' };
  if (url.includes('/pdfjs/')) return { group: 'pdf.js' };
  if (url.includes('/chunks/') || url.endsWith('/engine-child.mjs')) {
    const file = sourceOf(url, node.callFrame.lineNumber);
    if (file.startsWith('src/engine/pdf/') || file.startsWith('src/engine/runtime/')) return { group: 'ours (pdf, runtime)', file };
    if (file.startsWith('src/')) return { group: 'ours', file };
    return { group: 'bundled deps', file };
  }
  return { group: url ? 'node' : 'builtins' };
}

const dir = process.argv[2] as string;
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 40;
const groups = new Map<string, number>();
const files = new Map<string, number>();
const functions = new Map<string, number>();
/** Time with the function anywhere on the stack (ours only), counted once per sample. */
const inclusive = new Map<string, number>();
let total = 0;
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
for (const name of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
  const p = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = new Map<number, string | undefined>();
  for (const n of p.nodes) {
    const o = owner(n);
    label.set(n.id, o.group.startsWith('ours') ? `${n.callFrame.functionName || '(anonymous)'} ${o.file}:${n.callFrame.lineNumber}` : undefined);
  }
  p.samples.forEach((id, i) => {
    if (byId.get(id)?.callFrame.functionName === '(idle)') return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label.get(at);
      if (l && !seen.has(l)) {
        seen.add(l);
        add(inclusive, l, p.timeDeltas[i] ?? 0);
      }
    }
  });
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const o = owner(node);
    if (o.group === 'idle') continue;
    total += us;
    add(groups, o.group, us);
    if (o.file) add(files, o.file, us);
    if (o.group.startsWith('ours')) add(functions, `${node.callFrame.functionName || '(anonymous)'} ${o.file}:${node.callFrame.lineNumber}`, us);
    else if (o.group === 'builtins' || o.group === 'node') add(functions, `[${o.group}] ${node.callFrame.functionName}`, us);
  }
}
const pct = (us: number) => `${((us * 100) / total).toFixed(1).padStart(5)}%`;
const print = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(us)}  ${k}`);
};
console.log(`busy time ${(total / 1e6).toFixed(2)} s (idle left out)`);
print('by owner', groups, 20);
print('by source file', files, top);
print('by function (ours; builtins and node)', functions, top);
print('ours, inclusive (the function anywhere on the stack)', inclusive, top);
