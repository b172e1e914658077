/// <reference lib="dom" />
/**
 * Debian's Chromium through playwright-core, an axe check for serious and critical violations, and the page
 * steps several journeys take the same way (sign-up form, login, the data room's upload dialog).
 */
import { createRequire } from 'node:module';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Founder, signUpDetails } from './founders';

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

/**
 * Moderate rules held as strictly as serious ones: two landmarks of one kind without distinct names (two
 * unnamed `nav`s, a dialog's `main`) leave a screen reader's landmark list unable to tell them apart.
 */
const ALSO_HELD = new Set(['landmark-unique']);

/** Returns the serious and critical accessibility violations on the current page, and those of ALSO_HELD. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_SOURCE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_HELD.has(v.id));
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

/** Fills in the sign-up form (the page is on /signup) and submits it, as a person does. */
export async function submitSignUpForm(page: Page, founder: Founder): Promise<void> {
  const details = signUpDetails(founder);
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('Startup name').fill(details.startupName);
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Password').fill(founder.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** Opens the data room's Upload File dialog and picks a PDF and its category; the caller clicks Upload. */
export async function chooseUpload(page: Page, name: string, pdf: Buffer, category: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload File', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload File' });
  await dialog.getByLabel('File to upload').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByLabel('Category').selectOption(category);
  return dialog;
}
