import { defineConfig } from '@playwright/test';

// End-to-end tests in the system Chromium against the real server (started by global-setup.ts).
// No browser is ever downloaded: set CHROMIUM_PATH to use another Chromium binary.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a story that passes only on its second run is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.AMORA_E2E_BASE_URL,
    launchOptions,
    locale: 'en-GB',
    timezoneId: 'UTC',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Each story runs once, on the phone (the app is mobile-first), unless it is tagged: `@desktop`
  // runs it on the desktop instead, `@screens` on both (the stories about a layout, and the pages
  // captured for review).
  projects: [
    {
      name: 'phone',
      grepInvert: /@desktop/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'desktop',
      grep: /@desktop|@screens/,
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
});
