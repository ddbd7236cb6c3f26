import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, clientFor, fixture, loginTo, serverEnv, spawnServer, tempDir, upload } from './helpers.ts';

const TEST_ENGINE = path.join(FIXTURES, 'test-engine.ts');

/** Pids whose parent is `ppid` (from /proc/<pid>/stat; Linux). */
function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) out.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** User + system CPU seconds of a process (all threads). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** True while the process exists and is not a zombie waiting for its reaper. */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.runIf(process.platform === 'linux')('an extraction child whose server dies', () => {
  const pids: number[] = [];
  const servers: { kill(signal: NodeJS.Signals): boolean }[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.kill('SIGKILL');
    // Never leave a spinning child behind, whatever the outcome.
    for (const pid of pids.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });

  it('exits within a second of kill -9 on the server, even while the engine never yields', async () => {
    const server = await spawnServer(
      // A synchronous busy loop: the child's main thread never returns to its event loop.
      await serverEnv(tempDir(), { EXTRACT_ENGINE_MODULE: TEST_ENGINE, TEST_ENGINE_MODE: 'hang' }),
    );
    servers.push(server.child);
    const api = clientFor(server.url);
    const token = await loginTo(api);
    const res = await upload({ api }, token, [{ name: 'cuelga.pdf', bytes: fixture('grid-1001.pdf') }]);
    expect(res.status).toBe(201);

    // The upload's PDF check runs in an engine child of its own (kept warm, or exiting as this
    // looks): the job's child is the one that burns CPU. Past start-up (under a second of CPU) the
    // busy loop burns it nonstop.
    let job: number | undefined;
    for (let i = 0; i < 300 && job === undefined; i++) {
      const engines = childrenOf(server.child.pid!).filter((pid) => cmdline(pid).includes('engine-child.mjs'));
      for (const pid of engines) if (!pids.includes(pid)) pids.push(pid);
      job = engines.find((pid) => cpuSeconds(pid) >= 2);
      if (job === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    expect(job, `no extraction child burning CPU under server ${server.child.pid}`).toBeDefined();
    expect(alive(job!)).toBe(true);

    const killedAt = Date.now();
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    while (alive(job!) && Date.now() - killedAt < 3000) await new Promise((r) => setTimeout(r, 25));
    const gone = Date.now() - killedAt;
    expect(alive(job!), `child ${job} still running ${gone} ms after the server died`).toBe(false);
    expect(gone).toBeLessThan(1000);
    console.log(`extraction child gone ${gone} ms after kill -9 on the server`);
  }, 60_000);
});
