/// <reference lib="dom" />
/** Debian's Chromium through playwright-core, plus an axe check for serious and critical violations. */
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE_PATH = require.resolve('axe-core/axe.min.js');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Returns the serious and critical accessibility violations on the current page. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_SOURCE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits until some element with this text is visible (toasts and async pages take a moment). */
export function visible(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  return expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);
}

/** Signs in through the login page, as a person does. */
export async function logIn(page: Page, appUrl: string, identifier: string, password: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
