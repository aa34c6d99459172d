// Shared helpers for browser tests: URLs of the app, screenshots kept as CI artifacts, and axe-core.
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { APP_ROOT } from '@auto-claim/contract';

/** Screenshots every run keeps (CI uploads this folder): artifacts/screenshots/<name>.png */
export const SCREENSHOT_DIR = 'artifacts/screenshots';

export const appPath = (p: string) => `${APP_ROOT}${p}`;

export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** No serious or critical axe-core violation. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const test = base;
export { expect };
