import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the REAL server (src/server/main.ts) serving a fresh production build,
 * on a fresh temporary DATA_DIR with a known admin. The port, data folder and build folder are
 * chosen once by the runner and handed to the workers through the environment (workers load this
 * file again).
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sep-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'Admin-e2e-2025!';

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
// A build folder of our own: other work in the tree may rebuild dist/ while the tests run.
const distDir = path.resolve('test-results/e2e-dist');

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // The offline suite kills and restarts its own servers: it has its own config (npm run test:e2e:offline).
  testIgnore: ['**/offline/**'],
  // Two cores shared with everything else: one browser at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `node node_modules/vite/bin/vite.js build --outDir ${distDir} --emptyOutDir --logLevel warn && node --import tsx src/server/main.ts`,
    url: `${baseURL}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DIST_DIR: distDir,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      WORKERS: '1',
    },
  },
});
