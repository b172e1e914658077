/** What the browser journeys check on a page they reach: nothing wider than the screen, and no serious axe finding. */
import { join } from 'node:path';
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
  return async (page, name) => {
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(width.scroll, `${name} scrolls sideways`).toBeLessThanOrEqual(width.inner);
    expect(await seriousAxeViolations(page), `${name} axe`).toEqual([]);
  };
}
