import { defineConfig } from '@playwright/test';

/**
 * The offline suite (issue 5). Each test starts, kills and restarts its own real server and uses a
 * persistent Chromium profile, so it runs alone: one worker, serial.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: '../../../test-results/offline',
});
