/**
 * On loopback the kernel's socket buffers grow to megabytes, so the browser would hand a whole
 * 1 MB upload to its socket at once and show 100 % while the proxy still paces it at 25 KB/s: the
 * app could not see the link it is on. A field link holds far less in flight. So the bench re-runs
 * itself in a network namespace of its own (`unshare -n`, or `-rn` without root) whose loopback
 * has a real MTU and small TCP buffers; nothing outside that namespace is touched.
 */
import { spawnSync } from 'node:child_process';

const INSIDE = 'SEP_BENCH_PRIVATE_NET';
const MTU = 1500;
/**
 * Loopback with a real MTU; TCP buffers of at most 64 KB (min, default, max: more than the link's
 * rate × latency, far from loopback's megabytes); and a veth pair, only so that Chromium sees a
 * network interface and says `navigator.onLine` (with loopback alone it reports offline).
 */
const SETUP = [
  `ip link set lo up mtu ${MTU}`,
  "echo '4096 16384 65536' > /proc/sys/net/ipv4/tcp_wmem",
  "echo '4096 65536 65536' > /proc/sys/net/ipv4/tcp_rmem",
  'ip link add field0 type veth peer name field1',
  'ip addr add 10.11.0.1/24 dev field0',
  'ip link set field1 up',
  'ip link set field0 up',
].join(' && ');

/** How the link was set up, for the report. */
export function networkNote(): string {
  return process.env[INSIDE] === '1'
    ? `private network namespace: loopback MTU ${MTU}, TCP buffers ≤ 64 KB`
    : 'shared loopback (large socket buffers: the browser sees sends complete early)';
}

function unshareArgs(): string[] {
  return process.getuid?.() === 0 ? ['-n'] : ['-rn'];
}

/**
 * Runs this same script inside a private network namespace and returns its exit code; or null
 * when it is already inside one (set up here) or when namespaces are not available (a warning
 * says what that costs).
 */
export function runInPrivateNetwork(): number | null {
  if (process.env[INSIDE] === '1') {
    const setup = spawnSync('sh', ['-c', SETUP], { stdio: 'inherit' });
    if (setup.status !== 0) throw new Error(`could not set up the private network namespace: ${SETUP}`);
    return null;
  }
  const probe = spawnSync('unshare', [...unshareArgs(), 'sh', '-c', SETUP], { stdio: 'ignore' });
  if (probe.status !== 0) {
    console.warn(
      'No private network namespace here (unshare -n/-rn, ip and veth are needed): running on the shared loopback, whose\n' +
        'large socket buffers let the browser count megabytes as sent before they cross the throttled link.',
    );
    return null;
  }
  const run = spawnSync('unshare', [...unshareArgs(), process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [INSIDE]: '1' },
  });
  return run.status ?? 1;
}
