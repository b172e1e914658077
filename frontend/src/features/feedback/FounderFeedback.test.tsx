/**
 * The founder's side of coach feedback on the trigger page: the request above the questions, the
 * comments under the answers (highlighted while changes are asked for), replies with a client id, resolving,
 * and the sidebar badge.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnswerView, FeedbackOverview, PhaseFeedback } from '#shared/api-types';
import type { Question } from '#shared/domain/questions';
import type { FakeReply, FakeRequest } from '../../test/fake-api';
import { meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { answerThread } from '../../test/fixtures/answer-thread';
import { sendReply } from '../../test/fixtures/reply-test-steps';
import { renderApp } from '../../test/render-app';

const SLOW = { timeout: 8000 };

const QUESTIONS: Question[] = ['j1', 'j2'].map((id, i) => ({
  id,
  type: 'trigger',
  category: 'Customer Jobs',
  text: `Question ${id}?`,
  explanation: null,
  example: null,
  videoUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  order: i,
}));

const ANSWERS: AnswerView[] = QUESTIONS.map((q) => ({
  questionId: q.id,
  category: 'Customer Jobs',
  answers: [`Answer to ${q.id}`],
  submittedAt: '2025-01-02T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
}));

const THREAD = answerThread('j1');

function feedbackState(status: PhaseFeedback['status']) {
  let thread = THREAD;
  const phase = (): PhaseFeedback => ({
    phase: 'trigger',
    status,
    submittedAt: '2025-01-02T00:00:00.000Z',
    unlockedAt: null,
    summary: 'A good start.',
    summaryMine: false,
    changeRequest: { message: 'Sharpen the first job, please.', requestedAt: '2025-01-03T00:00:00.000Z' },
    feedback: [thread],
  });
  const overview = (): FeedbackOverview => {
    const open = thread.resolved ? 0 : 1;
    return {
      phases: [
        { phase: 'trigger', status, comments: 1, open },
        { phase: 'value-proposition', status: 'not-started', comments: 0, open: 0 },
        { phase: 'business-model', status: 'not-started', comments: 0, open: 0 },
      ],
      open,
    };
  };
  const reply = (request: FakeRequest): FakeReply => {
    const body = request.body as { id: string; text: string };
    thread = {
      ...thread,
      resolved: false,
      replies: [...thread.replies, { id: body.id, author: 'founder', text: body.text, at: '2025-01-04T00:00:00.000Z' }],
    };
    return { body: thread };
  };
  const resolve = (request: FakeRequest): FakeReply => {
    const { resolved } = request.body as { resolved: boolean };
    thread = { ...thread, resolved, resolvedBy: resolved ? 'founder' : null };
    return { body: thread };
  };
  return {
    'feedback.founderPhase': () => ({ body: phase() }),
    'feedback.founderOverview': () => ({ body: overview() }),
    'feedback.founderReply': reply,
    'feedback.founderResolve': resolve,
  };
}

async function renderTrigger(status: PhaseFeedback['status']) {
  const app = renderApp(
    '/trigger-questions',
    { user: FOUNDER },
    {
      api: {
        'accounts.me': meReply({ phases: { generate_idea_status: true } }),
        'questions.list': { body: { questions: QUESTIONS } },
        'journey.listAnswers': { body: { answers: ANSWERS } },
        'journey.suggestions': { body: { suggestions: null } },
        ...feedbackState(status),
      },
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Trigger Questions' }, SLOW);
  return app;
}

const card = (text: string) => screen.getByRole('article', { name: text });

describe('coach feedback on the founder pages', () => {
  it('shows the request, the summary, the comment under its answer (highlighted) and the sidebar badge', async () => {
    await renderTrigger('changes-requested');
    expect(await screen.findByRole('heading', { name: 'Your coach asked for changes' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Sharpen the first job, please.')).toBeInTheDocument();
    expect(screen.getByText('A good start.')).toBeInTheDocument();

    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(
      await within(sidebar).findByRole('link', { name: /Trigger Questions.*1 open comment from your coach/ }),
    ).toBeInTheDocument();

    // The group holding the comment opens by itself while the request stands.
    const first = await screen.findByRole('article', { name: 'Question j1?' }, SLOW);
    expect(within(first).getByText('Who exactly is the customer?')).toBeInTheDocument();
    expect(within(first).getByText('Needs work')).toBeInTheDocument();
    expect(within(first).getByText('Rated 2 of 5')).toBeInTheDocument();
    expect(first).toHaveClass('fb-highlight');
    expect(card('Question j2?')).not.toHaveClass('fb-highlight');
    expect(within(card('Question j2?')).queryByRole('textbox', { name: 'Reply to your coach' })).toBeNull();
  });

  it('sends a reply with a client id (a blank one is refused here), then resolves the thread', async () => {
    const { user, api } = await renderTrigger('changes-requested');
    const first = await screen.findByRole('article', { name: 'Question j1?' }, SLOW);
    await within(first).findByText('Who exactly is the customer?', {}, SLOW);

    await user.click(within(first).getByRole('button', { name: 'Send reply' }));
    expect(within(first).getByRole('alert')).toHaveTextContent('Write a reply first.');
    expect(api.calls('feedback.founderReply')).toHaveLength(0);

    await sendReply({
      user,
      api,
      scope: first,
      label: 'Reply to your coach',
      text: 'Parents of toddlers.',
      routeId: 'feedback.founderReply',
      path: '/api/feedback/trigger/j1/replies',
    });
    expect(within(first).getByRole('textbox', { name: 'Reply to your coach' })).toHaveValue('');

    await user.click(within(first).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(first).findByText('Resolved')).toBeInTheDocument();
    expect(api.calls('feedback.founderResolve')[0]?.body).toEqual({ resolved: true });
    // Resolved threads are no longer highlighted nor counted in the badge.
    await waitFor(() => expect(first).not.toHaveClass('fb-highlight'));
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(sidebar).queryByTestId('feedback-badge')).toBeNull());
  });

  it('shows no request once the founder is back on Pending, only the summary', async () => {
    await renderTrigger('pending');
    expect(await screen.findByRole('heading', { name: "Your coach's summary" }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Your coach asked for changes')).toBeNull();
  });
});
