/** A fresh `npm start` (own data directory and ports) and a browser for one describe block. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type AppProcess, newDataDir, portsEnv, startApp } from './app-process';
import { launchBrowser } from './browser';

export interface AppSession {
  readonly app: AppProcess;
  readonly browser: Browser;
}

/** Starts both before the block's tests and stops both after them; read them inside tests only. */
export function freshAppAndBrowser(): AppSession {
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startApp({ dataDir: await newDataDir(), env: await portsEnv() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not started: use the session inside tests`);
    return value;
  };
  return {
    get app() {
      return started(app, 'the app');
    },
    get browser() {
      return started(browser, 'the browser');
    },
  };
}
