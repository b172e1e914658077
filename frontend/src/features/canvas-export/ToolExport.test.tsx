import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInQuestions } from '#shared/domain/tool-questions';
import type { ToolId } from '#shared/domain/validate-tools';
import { ConfigProvider } from '../../lib/config-context';
import { createQueryClient, QueryProvider } from '../../lib/query-client';
import { apiError, type FakeRoutes, installFakeApi, meReply } from '../../test/fake-api';
import { FakeAuthProvider, FOUNDER } from '../../test/fake-auth';
import { dataRoomFake, FakeXhr, STORAGE_URL, UPLOAD_FIELDS } from '../../test/fixtures/fake-data-room';
import { TEST_CONFIG } from '../../test/test-config';
import { ToastProvider } from '../../ui/toast/toast-context';
import { ToolExport } from './ToolExport';
import { serveExportFonts } from './test-fonts';
import { TOOL_ANSWERS, toolAnswerViews } from './tool-fixtures';

type Answers = Record<string, readonly string[]>;

/** The export button as a tool page mounts it, with the data room one link away. */
function renderExport(
  tool: ToolId,
  { answers = TOOL_ANSWERS[tool], routes = {} }: { answers?: Answers; routes?: FakeRoutes } = {},
) {
  const room = dataRoomFake();
  const views = toolAnswerViews(tool, answers).map((a) => ({ ...a, category: '', submittedAt: '', updatedAt: '' }));
  const api = installFakeApi({
    'accounts.me': meReply(),
    'questions.list': { body: { questions: builtInQuestions(tool) } },
    'journey.listAnswers': { body: { answers: views } },
    ...room.routes,
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path: '/tools/page', element: <ToolExport tool={tool} /> },
      { path: '/data-room', element: <h1>Data Room</h1> },
    ],
    { initialEntries: ['/tools/page'] },
  );
  const user = userEvent.setup();
  render(
    <ConfigProvider config={TEST_CONFIG}>
      <FakeAuthProvider options={{ user: FOUNDER }}>
        <ToastProvider>
          <QueryProvider client={createQueryClient()}>
            <RouterProvider router={router} />
          </QueryProvider>
        </ToastProvider>
      </FakeAuthProvider>
    </ConfigProvider>,
  );
  return { api, user, router };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: `Export the ${title} as PNG or PDF` }));
  const dialog = await screen.findByRole('dialog', { name: `Export your ${title}` }, { timeout: 10_000 });
  await within(dialog).findByRole('button', { name: 'Download PDF' }, { timeout: 10_000 });
  return dialog;
}

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  serveExportFonts();
  // happy-dom draws nothing; the PNG's size is pinned in tool-export-pdf.test.ts.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Save PDF to the data room', () => {
  it('uploads the One Pager as “Business One Pager.pdf” under Pitch Deck in the data room’s three steps, and links there', async () => {
    const { api, user, router } = renderExport('one-pager');
    const dialog = await openDialog(user, 'Business One Pager');
    expect(within(dialog).queryByText(/To fit one page/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save PDF to the data room' }));

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const [start] = api.calls('dataroom.startUpload');
    const xhr = FakeXhr.last();
    const file = xhr.body?.get('file') as File;
    expect(start?.body).toEqual({
      name: 'Business One Pager.pdf',
      size: file.size,
      contentType: 'application/pdf',
      category: 'pitch-deck',
    });
    // The presigned POST: every field first, in order, then the PDF itself.
    expect([xhr.method, xhr.url]).toEqual(['POST', STORAGE_URL]);
    expect([...(xhr.body?.keys() ?? [])]).toEqual([...Object.keys(UPLOAD_FIELDS), 'file']);
    expect([file.name, file.type]).toEqual(['Business One Pager.pdf', 'application/pdf']);
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 8))).toBe('%PDF-1.4');
    expect(api.calls('dataroom.confirmUpload')).toHaveLength(0);

    xhr.respond(204);
    const saved = await within(dialog).findByText(
      /Saved to your data room as “Business One Pager\.pdf” under Pitch Deck\./,
    );
    expect(api.calls('dataroom.confirmUpload').map((r) => r.body)).toEqual([
      { key: UPLOAD_FIELDS.key, name: 'Business One Pager.pdf', category: 'pitch-deck' },
    ]);
    expect(api.requests.map((r) => r.routeId).filter((id) => id.startsWith('dataroom.'))).toEqual([
      'dataroom.startUpload',
      'dataroom.confirmUpload',
    ]);
    expect(saved).toHaveTextContent('Saving again adds another copy; the data room never overwrites a file.');
    await user.click(within(dialog).getByRole('link', { name: 'Open the Data Room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-room'));
  }, 30_000);

  it('files every other tool under its closest category', async () => {
    const { api, user } = renderExport('path-to-mvp');
    const dialog = await openDialog(user, 'Path To MVP');
    await user.click(within(dialog).getByRole('button', { name: 'Save PDF to the data room' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(api.calls('dataroom.startUpload')[0]?.body).toMatchObject({ name: 'Path To MVP.pdf', category: 'product' });
    FakeXhr.last().respond(204);
    expect(await within(dialog).findByText(/under Product\./)).toBeInTheDocument();
  }, 30_000);

  it.each([
    [
      'the API refuses the upload (the data room is full)',
      { 'dataroom.startUpload': apiError(409, 'Your data room is full: 200 files. Delete some to make room.') },
      null,
      'Your data room is full: 200 files. Delete some to make room. (Error: Conflict)',
    ],
    [
      'the storage refuses the file',
      {},
      (xhr: FakeXhr) =>
        xhr.respond(403, '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'),
      'Request has expired (Error: AccessDenied)',
    ],
    [
      'the storage cannot be reached',
      {},
      (xhr: FakeXhr) => xhr.fail(),
      'Could not reach the file storage. Check your connection and try again. (Error: NetworkError)',
    ],
    [
      'the API refuses to record it',
      {
        'dataroom.confirmUpload': {
          status: 415,
          body: { error: 'UnsupportedMediaType', message: 'The file is not a PDF.' },
        },
      },
      (xhr: FakeXhr) => xhr.respond(204),
      'The file is not a PDF. (Error: UnsupportedMediaType)',
    ],
  ] as const)(
    'says why when %s, and lets the founder try again',
    async (_, routes, storage, why) => {
      const { api, user } = renderExport('market-research', { routes });
      const dialog = await openDialog(user, 'Market Research');
      const save = within(dialog).getByRole('button', { name: 'Save PDF to the data room' });
      await user.click(save);
      if (storage) {
        await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
        storage(FakeXhr.last());
      }
      const alert = await within(dialog).findByText(/The PDF was not saved to the data room\./);
      expect(alert).toHaveAttribute('role', 'alert');
      expect(alert).toHaveTextContent(`The PDF was not saved to the data room. ${why}`);
      expect(within(dialog).queryByText(/Saved to your data room/)).not.toBeInTheDocument();
      if (!storage) expect(FakeXhr.instances).toHaveLength(0);
      expect(api.calls('dataroom.startUpload')[0]?.body).toMatchObject({
        name: 'Market Research.pdf',
        category: 'market-research',
      });
      await waitFor(() => expect(save).toBeEnabled());
    },
    30_000,
  );

  it('sends one upload however often the button is pressed while it runs', async () => {
    const { api, user } = renderExport('swot');
    const dialog = await openDialog(user, 'SWOT Analysis');
    const save = within(dialog).getByRole('button', { name: 'Save PDF to the data room' });
    await user.click(save);
    await user.click(save);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(api.calls('dataroom.startUpload')).toHaveLength(1);
  }, 30_000);
});

describe('the One Pager’s export dialog', () => {
  it('names the parts it shortened to fit one page before anything is downloaded', async () => {
    const traction = Array.from(
      { length: 120 },
      (_, i) => `Test ${i + 1}: a longer line of words a longer line of words end`,
    );
    const { user } = renderExport('one-pager', { answers: { ...TOOL_ANSWERS['one-pager'], traction } });
    const dialog = await openDialog(user, 'Business One Pager');
    expect(within(dialog).getByText(/To fit one page, the PDF and PNG shorten this part with “…”:/)).toHaveTextContent(
      'To fit one page, the PDF and PNG shorten this part with “…”: Traction. Shorten them in the tool to show them in full.',
    );
  }, 30_000);
});
