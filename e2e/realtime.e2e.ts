/**
 * The founder's sidebar follows the coach live. Two browser contexts on one local
 * stack: the coach unlocks the trigger phase and the founder's Value Proposition link opens
 * within 2 seconds without a reload; then the local WebSocket side is stopped and started
 * again, and the founder's page reconnects by itself and shows what changed meanwhile.
 */
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, visible } from './browser';
import { accessToken, answerAllTriggerQuestions, eventsSettled, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

/** Resolves with the page's next connection attempt to the realtime path. */
function realtimeSocket(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    const listener = (socket: WebSocket) => {
      if (new URL(socket.url()).pathname !== '/ws') return;
      page.off('websocket', listener);
      resolve(socket);
    };
    page.on('websocket', listener);
  });
}

describe('realtime phase flags in the browser', () => {
  const session = freshAppAndBrowser();

  it("opens the founder's next page within 2 s of the coach's unlock, and survives a restart of the WebSocket side", async () => {
    const founder = await signUpPaidFounder(session.app.url);
    expect(await answerAllTriggerQuestions(session.app.url, founder)).toBe(27);
    await eventsSettled(session.app.url);

    const founderPage = await (await session.browser.newContext()).newPage();
    const connecting = realtimeSocket(founderPage);
    await logIn(founderPage, session.app.url, founder.email, founder.password);
    await founderPage.waitForURL('**/dashboard');
    const socket = await connecting;
    // The access token travels as a subprotocol: the URL, which access logs keep, carries none.
    expect([...new URL(socket.url()).searchParams.keys()]).toEqual(['userId']);
    const sidebar = founderPage.getByRole('navigation', { name: 'Main' });
    await expect
      .poll(() => sidebar.getByRole('link', { name: 'Value Proposition (locked)' }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    const coach = await (await session.browser.newContext()).newPage();
    await logIn(coach, session.app.url, 'admin', session.app.adminPassword);
    await coach.waitForURL('**/admin-home');
    await coach.goto(`${session.app.url}/admin-trigger-questions`);
    await coach.getByRole('tab', { name: /Pending Unlock/ }).click();
    const row = coach.getByRole('row').filter({ hasText: founder.email });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);

    await row.getByRole('button', { name: 'Unlock' }).click();
    // The unlock asks first, naming the founder and the phase.
    await coach.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Unlock' }).click();
    await visible(coach, 'Next phase unlocked for user successfully.');
    const unlockedAt = Date.now();
    const valueProposition = sidebar.getByRole('link', { name: 'Value Proposition', exact: true });
    await valueProposition.waitFor({ state: 'visible', timeout: 2000 });
    const pushedInMs = Date.now() - unlockedAt;
    expect(pushedInMs).toBeLessThan(2000);
    expect(await valueProposition.getAttribute('href')).toBe('/value-proposition');
    console.log(`realtime: Value Proposition link active ${pushedInMs} ms after the unlock toast`);

    // Kill the WebSocket side; meanwhile the coach unlocks the next phase, whose push reaches no one.
    const dropped = socket.waitForEvent('close');
    expect((await fetch(`${session.app.url}/_dev/realtime/stop`, { method: 'POST' })).status).toBe(200);
    await dropped;
    const adminToken = await accessToken(session.app.url, 'admin', session.app.adminPassword);
    const me = (await (
      await fetch(`${session.app.url}/api/me`, {
        headers: { authorization: `Bearer ${await accessToken(session.app.url, founder.email, founder.password)}` },
      })
    ).json()) as { userId: string };
    const unlock = await fetch(`${session.app.url}/api/admin/founders/${me.userId}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ phase: 'value-proposition' }),
    });
    expect(unlock.status).toBe(200);
    await eventsSettled(session.app.url);
    const businessModel = sidebar.getByRole('link', { name: 'Business Model', exact: true });
    expect(await businessModel.isVisible()).toBe(false);

    // Restart it: the page reconnects by itself (1, 2, 5 s back-off) and fetches the current flags.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await fetch(`${session.app.url}/_dev/realtime/start`, { method: 'POST' })).status).toBe(200);
    const restartedAt = Date.now();
    await businessModel.waitFor({ state: 'visible', timeout: 12_000 });
    console.log(`realtime: reconnected and current flags shown ${Date.now() - restartedAt} ms after the restart`);
    expect(founderPage.url()).toContain('/dashboard');

    await coach.close();
    await founderPage.close();
  });
});
