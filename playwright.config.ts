// Browser tests: the built app served by the real server on an embedded database, in Debian's Chromium
// (never a downloaded browser), at a phone viewport, in Korean.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The second admin from before (apps/web/e2e/ops.ts OPS_APPROVER). */
const OPS_APPROVER = { loginId: 'e2e-approver', password: 'e2e-approver-password-1234' } as const;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Per port, so that two runs side by side (E2E_PORT=3101 …) never share a browser output folder or a database.
  outputDir: `test-results/e2e-${PORT}`,
  // A test's own limit, doubled on CI for the same reason as the checks' below (a full-page screenshot with axe took
  // over 30 s there); tests that need more set their own.
  timeout: process.env.CI ? 60_000 : 30_000,
  // Beside the PostgreSQL suite on a 2-core CI machine a screen's first call can take over 5 s; a passing check
  // never waits longer for this, only a failing one.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  fullyParallel: true,
  // After the server is up: the console's first admin signs in once (apps/web/e2e/ops.ts).
  globalSetup: './apps/web/e2e/ops-global-setup.ts',
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A second admin from before, made where the server runs as README "Operator console" says: it approves the
    // admins the tests add (an admin added in the console waits for one; docs/security.md, "Insiders: admin accounts").
    command:
      `printf '%s\\n' '${OPS_APPROVER.password}' | node --import tsx apps/server/scripts/operator.ts ` +
      `${OPS_APPROVER.loginId} --role admin && node --import tsx apps/server/src/main.ts`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    // Two starts on the embedded database (the approver's account, then the server): on a busy machine over 60 s.
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Inside outputDir, which Playwright empties before the server starts: every run begins on a fresh database.
      DATA_DIR: `test-results/e2e-${PORT}/data`,
      DATABASE_URL: '',
      // Insurer answers' messages at any hour: a run at night still sees them (quiet hours are API-tested).
      NOTICE_HOURS_KST: '0-24',
      // Every test's patient and operator comes from this one address, as a hospital's Wi-Fi or an office would have
      // it (the limits per address are API-tested: test/security/perimeter.test.ts).
      IDENTITY_STARTS_PER_ADDRESS: '1000',
      OPERATOR_SIGN_INS_PER_ADDRESS: '1000',
      // A build of one's own (vite build --outDir …) when several runs share the checkout; default apps/web/dist.
      WEB_DIST: process.env.WEB_DIST ?? '',
      // The console's first admin, as README "Operator console" makes one (e2e/ops.ts signs in with it).
      OPERATOR_LOGIN_ID: 'e2e-admin',
      OPERATOR_PASSWORD: 'e2e-admin-password-1234',
      // The tests' admins are minutes old and apply at once on approval (the API tests hold and wait by the clock).
      ADMIN_CHANGE_HOLD_HOURS: '0',
      ADMIN_APPROVER_COOLING_DAYS: '0',
    },
  },
});
