import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sharePagePath } from '#shared/domain/sharing';
import { apiError, type FakeReply, type FakeRoutes } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import type { ViewerInfo } from './sharing-api';

const PATH = sharePagePath('V'.repeat(43));
const DEVELOPER_WORDS = /request body|not valid \(|token:/i;

const emailInfo: ViewerInfo = { needsPasscode: false, needsEmail: true, startupName: null, expiresAt: null };

function renderViewer(api: FakeRoutes) {
  return renderApp(PATH, {}, { api });
}

beforeEach(() => sessionStorage.clear());

/** Each failure the API can answer, the heading the investor reads, words they act on, and whether Try again shows. */
const failures: { name: string; reply: FakeReply; heading: string; says: RegExp; retry: boolean }[] = [
  {
    name: 'a token the contract refuses (the link was cut)',
    reply: apiError(400, 'The request body is not valid (token: The link is incomplete).', [
      { field: 'token', message: 'The link is incomplete: please open the full link you were sent.' },
    ]),
    heading: 'This link is incomplete',
    says: /Copy the whole link from the message you were sent/,
    retry: false,
  },
  {
    name: 'a token nobody issued',
    reply: apiError(404, 'This share link does not exist.'),
    heading: 'This link is incomplete',
    says: /ask the sender to send the link again/,
    retry: false,
  },
  {
    name: 'a revoked link',
    reply: { status: 410, body: { error: 'ShareLinkRevoked', message: 'turned off' } },
    heading: 'This link has been turned off',
    says: /ask them for a new link/,
    retry: false,
  },
  {
    name: 'an expired link',
    reply: { status: 410, body: { error: 'ShareLinkExpired', message: 'expired' } },
    heading: 'This link has expired',
    says: /ask them for a new link/,
    retry: false,
  },
  {
    name: "a deleted founder's link",
    reply: { status: 410, body: { error: 'ShareOwnerDeleted', message: 'deleted' } },
    heading: 'These documents are no longer shared',
    says: /deleted their Preseed account.*contact them directly/,
    retry: false,
  },
  {
    name: 'too many requests',
    reply: { status: 429, body: { error: 'TooManyRequests', message: 'Too many requests for this link.' } },
    heading: 'Too many attempts',
    says: /wait a minute, then try again/,
    retry: true,
  },
  {
    name: 'a fault on the server',
    reply: apiError(500, 'Internal error'),
    heading: 'Something went wrong on our side',
    says: /try again in a moment/,
    retry: true,
  },
];

describe('Share page failures (investor)', () => {
  for (const failure of failures) {
    it(`words ${failure.name} plainly, with what to do${failure.retry ? ' and Try again' : ', no Try again'}`, async () => {
      renderViewer({ 'sharing.viewerInfo': failure.reply });
      expect(await screen.findByRole('heading', { level: 1, name: failure.heading })).toBeInTheDocument();
      expect(screen.getByText(failure.says)).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(DEVELOPER_WORDS);
      expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(failure.retry);
    });
  }

  it('asks again after Try again, and shows the link once it answers', async () => {
    let calls = 0;
    const { user } = renderViewer({
      'sharing.viewerInfo': () => (++calls === 1 ? apiError(500, 'Internal error') : { body: emailInfo }),
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Your email')).toBeInTheDocument();
  });

  it("says a bad email in the email field's own words, not the request's", async () => {
    const { user } = renderViewer({
      'sharing.viewerInfo': { body: emailInfo },
      'sharing.viewerOpen': apiError(
        400,
        'The request body is not valid (email: Please enter a valid email address.).',
        [{ field: 'email', message: 'Please enter a valid email address.' }],
      ),
    });
    await user.type(await screen.findByLabelText('Your email'), 'investor@');
    await user.click(screen.getByRole('button', { name: 'View files' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(document.body.textContent).not.toMatch(DEVELOPER_WORDS);
  });

  it("says a deleted founder's link on open as well as on info", async () => {
    const { user } = renderViewer({
      'sharing.viewerInfo': { body: emailInfo },
      'sharing.viewerOpen': { status: 410, body: { error: 'ShareOwnerDeleted', message: 'deleted' } },
    });
    await user.type(await screen.findByLabelText('Your email'), 'investor@example.com');
    await user.click(screen.getByRole('button', { name: 'View files' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'These documents are no longer shared' }),
    ).toBeInTheDocument();
  });
});
