/** A step the founder's and the coach's feedback tests share: sending a reply and checking what went out. */
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { RouteId } from '#shared/routes';
import type { FakeApi } from '../../test/fake-api';

export interface SendReplyStep {
  user: UserEvent;
  api: FakeApi;
  /** Where the reply box is (the answer's card, the review dialog). */
  scope: HTMLElement;
  /** The reply box's accessible name. */
  label: string;
  text: string;
  /** Where the sent reply shows: the scope, unless a narrower list is named. */
  shownIn?: HTMLElement;
  routeId: RouteId;
  /** The path the reply is posted to. */
  path: string;
}

/** Types and sends a reply; it shows, and the first request to the route carried it with a client id (a UUID). */
export async function sendReply({ user, api, scope, label, text, shownIn = scope, routeId, path }: SendReplyStep) {
  await user.type(within(scope).getByRole('textbox', { name: label }), text);
  await user.click(within(scope).getByRole('button', { name: 'Send reply' }));
  expect(await within(shownIn).findByText(text)).toBeInTheDocument();
  const sent = api.calls(routeId)[0];
  expect(sent?.url.pathname).toBe(path);
  expect(sent?.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), text });
}
