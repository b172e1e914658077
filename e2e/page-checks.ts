/// <reference lib="dom" />
/**
 * What the browser journeys and page walks check on a page they reach: a screenshot, nothing wider than the screen
 * (naming what sticks out when something does), and no serious or critical axe violation.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeViolations } from './browser';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Nothing wider than the screen; on failure, names the elements that stick out. Polled: right after a resize the
 * shell's sidebar is still sliding closed.
 */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = () =>
    page.evaluate(() => {
      const client = document.documentElement.clientWidth;
      const over = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > client + 1)
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}`,
        );
      return { over, scrolls: document.documentElement.scrollWidth > client };
    });
  await expect.poll(overflow, { timeout: 5000 }).toEqual({ over: [], scrolls: false });
}

/**
 * A check that screenshots the whole page as `<name>.png` into `dir`, then expects no sideways scroll and no serious
 * or critical axe violation, naming the page in each failure.
 */
export function lookInto(dir: string): (page: Page, name: string) => Promise<void> {
  return (page, name) => checkFit(page, join(dir, `${name}.png`), { width: page.viewportSize()?.width ?? 0 });
}

interface Width {
  scrollWidth: number;
  innerWidth: number;
  /** The elements that reach past the right edge, to say what overflows when the check fails. */
  wider: string[];
}

function pageWidth(page: Page, screenWidth: number): Promise<Width> {
  return page.evaluate((screenWidth) => {
    const innerWidth = window.innerWidth;
    const past = (el: Element) =>
      el.getBoundingClientRect().right > screenWidth + 0.5 && el.getClientRects().length > 0;
    // The outermost HTML elements that reach past the screen's edge (their parent does not): what to fix.
    const wider = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el instanceof HTMLElement && past(el) && !(el.parentElement && past(el.parentElement)))
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(el.getBoundingClientRect().right)}px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wider };
  }, screenWidth);
}

/**
 * Screenshot to `shot` (a .png path), then the width and axe checks, each failure named after the shot. An open
 * dialog is shot as the screen shows it: a full-page shot would paint the fixed header and overlay mid-page.
 */
export async function checkFit(
  page: Page,
  shot: string,
  screen: { width: number },
  { fullPage = true } = {},
): Promise<void> {
  await mkdir(dirname(shot), { recursive: true });
  await page.screenshot({ path: shot, fullPage });
  const name = shot.replace(/^.*\//, '').replace(/\.png$/, '');
  const width = await pageWidth(page, screen.width);
  // A phone zooms out to show content wider than the screen, so a wider window is the sideways scroll itself.
  expect(width.innerWidth, `${name} zooms out to fit: ${width.wider.join(', ')}`).toBe(screen.width);
  expect(width.scrollWidth, `${name} scrolls sideways: ${width.wider.join(', ')}`).toBeLessThanOrEqual(
    width.innerWidth,
  );
  expect(await seriousAxeViolations(page), `${name} axe`).toEqual([]);
}
