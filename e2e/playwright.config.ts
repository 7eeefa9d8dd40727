import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { artifactsDir } from './system';

/**
 * Browser tests of the whole running system (see global-setup.ts), in
 * Debian's Chromium headless shell. Screenshots of every step land in artifacts/ (the
 * distributed run's in artifacts/distributed/).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: path.join(artifactsDir, 'test-results'),
  globalSetup: './global-setup.ts',
  // One system, one remotes table: the deployment tests rewrite it, so tests run one at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: path.join(artifactsDir, 'report'), open: 'never' }],
  ],
  use: {
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (the same release as its chromium):
      // Chromium's engine without the desktop browser, a third quicker a test.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
