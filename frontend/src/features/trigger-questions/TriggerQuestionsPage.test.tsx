import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnswerView, PhaseFeedback, SaveAnswerResponse } from '#shared/api-types';
import type { PhaseFlags } from '#shared/domain/phases';
import type { Category, Question } from '#shared/domain/questions';
import { CHANGES_REQUESTED_TEXT } from '#shared/domain/review-state';
import { apiError, type FakeReply, type FakeRoutes, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { OFFLINE_DRAFT_TEXT } from '../../ui/OfflineDraftNote';
import { splitAnswerLines } from './answer-lines';
import { LOAD_FAILED, REVIEW_WAIT } from './TriggerQuestionsPage';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

let order = 0;
function question(id: string, category: Category<'trigger'>, text: string, extra: Partial<Question> = {}): Question {
  order += 1;
  return {
    id,
    type: 'trigger',
    category,
    text,
    explanation: `Why ${text}`,
    example: `Example for ${text}`,
    videoUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    order,
    ...extra,
  };
}

// Served out of display order on purpose: the page orders Jobs, Gains, Pains.
const QUESTIONS: Question[] = [
  question('p1', 'Customer Pains', 'What frustrates them?'),
  question('j1', 'Customer Jobs', 'What job do they hire you for?', {
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  }),
  question('g1', 'Customer Gains', 'What would delight them?'),
  question('j2', 'Customer Jobs', 'What else are they trying to get done?', { explanation: null, example: null }),
];

function answer(questionId: string, answers: string[]): AnswerView {
  return {
    questionId,
    category: '',
    answers,
    submittedAt: '2025-01-02T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
  };
}

const ALL_ANSWERED = QUESTIONS.map((q) => answer(q.id, [`Answer to ${q.id}`]));

function saveReply(request: { url: URL; body: unknown }): FakeReply {
  const questionId = request.url.pathname.split('/').pop() ?? '';
  const body: SaveAnswerResponse = {
    answer: answer(questionId, (request.body as { answers: string[] }).answers),
    progress: { answered: 1, total: QUESTIONS.length, complete: false },
  };
  return { body };
}

async function renderTrigger({
  answers = [],
  phases = {},
  api = {},
}: {
  answers?: AnswerView[];
  phases?: Partial<PhaseFlags>;
  api?: FakeRoutes;
} = {}) {
  const app = renderApp(
    '/trigger-questions',
    { user: FOUNDER },
    {
      api: {
        'accounts.me': meReply({ phases: { generate_idea_status: true, ...phases } }),
        'questions.list': { body: { questions: QUESTIONS } },
        'journey.listAnswers': { body: { answers } },
        'journey.saveAnswer': saveReply,
        'journey.suggestions': { body: { suggestions: null } },
        ...api,
      },
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Trigger Questions' }, SLOW);
  return app;
}

const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));
const groupToggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} \\d+/\\d+ answered$`) });
const questionCard = (text: string) => screen.getByRole('article', { name: text });

describe('TriggerQuestionsPage: loading and locks', () => {
  it("shows 'Loading questions...' and then the groups", async () => {
    let release: (reply: FakeReply) => void = () => undefined;
    await renderTrigger({
      api: { 'questions.list': () => new Promise<FakeReply>((resolve) => (release = resolve)) },
    });
    expect((await screen.findByText('Loading questions...')).closest('[role="status"]')).toBeInTheDocument();
    release({ body: { questions: QUESTIONS } });
    expect(await screen.findByRole('heading', { level: 2, name: /Customer Jobs/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading questions...')).not.toBeInTheDocument();
  });

  it('says when the questions cannot load', async () => {
    await renderTrigger({ api: { 'questions.list': apiError(404, 'nope') } });
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends a founder without a saved idea to Generate Your Idea', async () => {
    const { api } = await renderTrigger({ phases: { generate_idea_status: false } });
    expect(screen.getByRole('heading', { name: 'Trigger Questions are locked' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Generate Your Idea' })).toHaveAttribute('href', '/generate-idea');
    expect(api.calls('questions.list')).toHaveLength(0);
  });
});

describe('TriggerQuestionsPage: groups', () => {
  it('shows Jobs, Gains, Pains in order with counts; the first group with questions left is open', async () => {
    await renderTrigger({ answers: [answer('j1', ['a']), answer('j2', ['b'])] });
    await screen.findByRole('heading', { level: 2, name: /Customer Jobs/ });
    const headings = screen.getAllByRole('heading', { level: 2 }).filter((h) => h.textContent?.startsWith('Customer'));
    expect(headings.map((h) => h.textContent)).toEqual([
      'Customer Jobs2/2 answered',
      'Customer Gains0/1 answered',
      'Customer Pains0/1 answered',
    ]);
    expect(groupToggle('Customer Jobs')).toHaveAttribute('aria-expanded', 'false');
    expect(groupToggle('Customer Gains')).toHaveAttribute('aria-expanded', 'true');
    expect(groupToggle('Customer Pains')).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(groupToggle('Customer Gains').getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    expect(within(panel as HTMLElement).getByRole('article', { name: 'What would delight them?' })).toBeVisible();
    expect(screen.getByText('2 of 4 questions answered')).toBeInTheDocument();
  });

  it('opens and closes a group from the keyboard', async () => {
    const { user } = await renderTrigger();
    await screen.findByRole('heading', { level: 2, name: /Customer Jobs/ });
    const pains = groupToggle('Customer Pains');
    expect(pains).toHaveAttribute('aria-expanded', 'false');
    pains.focus();
    await user.keyboard('{Enter}');
    expect(pains).toHaveAttribute('aria-expanded', 'true');
    expect(questionCard('What frustrates them?')).toBeVisible();
    await user.keyboard(' ');
    expect(pains).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows text, explanation, example and a video dialog for a question', async () => {
    const { user } = await renderTrigger();
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    expect(within(card).getByText('Explanation')).toBeInTheDocument();
    expect(within(card).getByText('Why What job do they hire you for?')).toBeInTheDocument();
    expect(within(card).getByText('Example')).toBeInTheDocument();
    expect(within(card).getByText('Example for What job do they hire you for?')).toBeInTheDocument();
    expect(within(questionCard('What else are they trying to get done?')).queryByText('Example')).toBeNull();
    expect(
      within(questionCard('What else are they trying to get done?')).queryByRole('button', { name: 'Video' }),
    ).toBeNull();

    const videoButton = within(card).getByRole('button', { name: 'Video' });
    await user.click(videoButton);
    const dialog = screen.getByRole('dialog', { name: 'Video Tutorial' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByTitle('Video: What job do they hire you for?')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(videoButton).toHaveFocus();
  });
});

describe('TriggerQuestionsPage: answers', () => {
  it('sends the lines as a list, shows them, and edits them again', async () => {
    const { user, api } = await renderTrigger();
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    const box = within(card).getByRole('textbox', { name: 'What job do they hire you for?' });
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(box, '  Plan meals  {Enter}{Enter}Shop for groceries{Enter}   ');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await notifications().findByText('Answer saved successfully!')).toBeInTheDocument();
    expect(api.calls('journey.saveAnswer').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/answers/trigger/j1', { answers: ['Plan meals', 'Shop for groceries'] }],
    ]);
    const list = within(card).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Plan meals', 'Shop for groceries']);
    const edit = within(card).getByRole('button', { name: 'Edit Answer' });
    expect(edit).toHaveFocus();
    expect(screen.getByText('1 of 4 questions answered')).toBeInTheDocument();
    expect(groupToggle('Customer Jobs')).toHaveAccessibleName('Customer Jobs 1/2 answered');

    await user.click(edit);
    const again = within(card).getByRole('textbox', { name: 'What job do they hire you for?' });
    expect(again).toHaveFocus();
    expect(again).toHaveValue('Plan meals\nShop for groceries');
  });

  it('gives back what was typed and not saved after a reload, and forgets it once saved', async () => {
    const first = await renderTrigger({ answers: [answer('j1', ['Plan meals'])] });
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    await first.user.click(within(card).getByRole('button', { name: 'Edit Answer' }));
    await first.user.type(within(card).getByRole('textbox'), '{Enter}Cook dinner');
    first.unmount();

    // As after a reload, an expired session or a crash: the same founder, the page from the start.
    const { user, api } = await renderTrigger({ answers: [answer('j1', ['Plan meals'])] });
    const again = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    expect(within(again).getByRole('textbox')).toHaveValue('Plan meals\nCook dinner');
    expect(within(again).getByRole('status')).toHaveTextContent(/Restored what you typed on .* — not saved yet/);
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await notifications().findByText('Answer saved successfully!')).toBeInTheDocument();
    expect(api.calls('journey.saveAnswer').map((c) => c.body)).toEqual([{ answers: ['Plan meals', 'Cook dinner'] }]);
    expect(localStorage.length).toBe(0);
  });

  it('throws the restored text away on Discard, back to the saved answer', async () => {
    const first = await renderTrigger({ answers: [answer('j1', ['Plan meals'])] });
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    await first.user.click(within(card).getByRole('button', { name: 'Edit Answer' }));
    await first.user.type(within(card).getByRole('textbox'), ' twice');
    first.unmount();

    const { user } = await renderTrigger({ answers: [answer('j1', ['Plan meals'])] });
    const again = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(within(again).queryByRole('textbox')).toBeNull();
    expect(within(again).getByRole('listitem')).toHaveTextContent('Plan meals');
    expect(localStorage.length).toBe(0);
  });

  it('keeps nothing once the text is back to the saved answer', async () => {
    const { user } = await renderTrigger({ answers: [answer('j1', ['Plan meals'])] });
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    await user.click(within(card).getByRole('button', { name: 'Edit Answer' }));
    await user.type(within(card).getByRole('textbox'), 'x');
    expect(localStorage.length).toBe(1);
    await user.type(within(card).getByRole('textbox'), '{Backspace}');
    expect(localStorage.length).toBe(0);
  });

  it('shows when the answer was submitted, and the time of the latest edit once it is changed', async () => {
    const edited = '2025-03-04T15:30:00.000Z';
    const { user } = await renderTrigger({
      answers: [answer('j1', ['Plan meals'])],
      api: {
        'journey.saveAnswer': (request) => {
          const reply = saveReply(request);
          const body = reply.body as SaveAnswerResponse;
          return { body: { ...body, answer: { ...body.answer, updatedAt: edited } } };
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    const times = () => [...card.querySelectorAll('time')].map((t) => t.getAttribute('datetime'));
    const line = () => card.querySelector('.answer-time');
    expect(line()).toHaveTextContent(/^Submitted Jan [12], 2025, \d{1,2}:00 [AP]M$/);
    expect(times()).toEqual(['2025-01-02T00:00:00.000Z']);

    await user.click(within(card).getByRole('button', { name: 'Edit Answer' }));
    const box = within(card).getByRole('textbox', { name: 'What job do they hire you for?' });
    await user.clear(box);
    await user.type(box, 'Plan meals for the week');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(line()).toHaveTextContent(/^Submitted Jan [12], 2025, .* · edited Mar 4, 2025, /));
    expect(times()).toEqual(['2025-01-02T00:00:00.000Z', edited]);
  });

  it('keeps Save disabled for a blank answer and says why', async () => {
    const { user, api } = await renderTrigger({ answers: [answer('j1', ['Plan meals'])] });
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    await user.click(within(card).getByRole('button', { name: 'Edit Answer' }));
    const box = within(card).getByRole('textbox', { name: 'What job do they hire you for?' });
    await user.clear(box);
    await user.type(box, '   {Enter}  ');
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(box).toHaveAccessibleDescription(/Please provide an answer before saving\./);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByText('Plan meals')).toBeInTheDocument();
  });

  it("shows the server's message when the phase is locked (403)", async () => {
    const { user } = await renderTrigger({
      api: {
        'journey.saveAnswer': apiError(
          403,
          'Save your idea first: the trigger questions open once your idea is saved.',
        ),
      },
    });
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    await user.type(within(card).getByRole('textbox'), 'Plan meals');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      await notifications().findByText('Save your idea first: the trigger questions open once your idea is saved.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('textbox')).toHaveValue('Plan meals');
  });

  it('says the save failed on a server error', async () => {
    const { user } = await renderTrigger({ api: { 'journey.saveAnswer': apiError(500, 'boom') } });
    const card = await screen.findByRole('article', { name: 'What job do they hire you for?' });
    await user.type(within(card).getByRole('textbox'), 'Plan meals');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await notifications().findByText('Failed to save answer. Please try again.')).toBeInTheDocument();
  });
});

describe('TriggerQuestionsPage: completion', () => {
  it('asks to wait for the review while the next phase is locked', async () => {
    await renderTrigger({ answers: ALL_ANSWERED });
    const move = await screen.findByRole('button', { name: 'Move to Value Proposition' });
    expect(move).toBeDisabled();
    expect(screen.getByText(new RegExp(REVIEW_WAIT))).toBeInTheDocument();
    expect(move).toHaveAccessibleDescription(/wait for 36 hours to let us review your answers/);
  });

  it('says what the coach asked under the banner, never "please wait", while changes are requested', async () => {
    const feedback: PhaseFeedback = {
      phase: 'trigger',
      status: 'changes-requested',
      submittedAt: '2025-01-02T00:00:00.000Z',
      unlockedAt: null,
      summary: null,
      summaryMine: false,
      changeRequest: { message: 'Name the customer.', requestedAt: '2025-01-03T00:00:00.000Z' },
      feedback: [],
    };
    await renderTrigger({ answers: ALL_ANSWERED, api: { 'feedback.founderPhase': { body: feedback } } });
    expect(await screen.findByText('Your coach asked for changes', {}, SLOW)).toBeInTheDocument();
    const move = await screen.findByRole('button', { name: 'Move to Value Proposition' });
    expect(move).toBeDisabled();
    expect(move).toHaveAccessibleDescription(CHANGES_REQUESTED_TEXT);
    expect(screen.queryByText(new RegExp(REVIEW_WAIT))).not.toBeInTheDocument();
  });

  it('numbers questions across the phase, as the coach sees them, not from 1 in each group', async () => {
    const { user } = await renderTrigger({ answers: ALL_ANSWERED });
    for (const name of ['Customer Jobs', 'Customer Gains', 'Customer Pains']) {
      const toggle = await screen.findByRole('button', { name: new RegExp(`^${name}`) }, SLOW);
      if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
    }
    const numberOf = (text: string) => within(questionCard(text)).getByText(/^Question \d+$/).textContent;
    expect(numberOf('What job do they hire you for?')).toBe('Question 1');
    expect(numberOf('What else are they trying to get done?')).toBe('Question 2');
    expect(numberOf('What would delight them?')).toBe('Question 3');
    expect(numberOf('What frustrates them?')).toBe('Question 4');
  });

  it('moves to the Value Proposition once a coach has unlocked it', async () => {
    const { user, router } = await renderTrigger({
      answers: ALL_ANSWERED,
      phases: { trigger_questions_status: true },
    });
    const move = await screen.findByRole('button', { name: 'Move to Value Proposition' });
    expect(move).toBeEnabled();
    expect(screen.queryByText(new RegExp(REVIEW_WAIT))).not.toBeInTheDocument();
    await user.click(move);
    await waitFor(() => expect(router.state.location.pathname).toBe('/value-proposition'));
  });

  it('brings the completion view into focus when the last answer is saved', async () => {
    const { user } = await renderTrigger({
      answers: ALL_ANSWERED.filter((a) => a.questionId !== 'p1'),
      api: {
        'journey.saveAnswer': (request) => {
          const reply = saveReply(request);
          const body = reply.body as SaveAnswerResponse;
          return { body: { ...body, progress: { answered: 4, total: 4, complete: true } } };
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'What frustrates them?' });
    expect(screen.queryByRole('button', { name: 'Move to Value Proposition' })).not.toBeInTheDocument();
    await user.type(within(card).getByRole('textbox'), 'Too slow');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'You have answered every trigger question!' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move to Value Proposition' })).toBeDisabled();
  });

  it('shows no completion view while questions are left', async () => {
    await renderTrigger({ answers: ALL_ANSWERED.slice(1) });
    await screen.findByRole('heading', { level: 2, name: /Customer Jobs/ });
    expect(screen.queryByRole('button', { name: 'Move to Value Proposition' })).not.toBeInTheDocument();
  });
});

describe('TriggerQuestionsPage: suggestions', () => {
  it('falls back to the built-in examples, closes on Escape and gives focus back', async () => {
    const { user, api } = await renderTrigger();
    await screen.findByRole('heading', { level: 2, name: /Customer Jobs/ });
    expect(api.calls('journey.suggestions')).toHaveLength(0);
    const help = screen.getByRole('button', { name: 'Suggestions for Customer Gains' });
    await user.click(help);
    const dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Gains' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await within(dialog).findByText('Save time every week')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(help).toHaveFocus();
  });

  it('falls back when the stored suggestions have nothing for the group', async () => {
    const { user } = await renderTrigger({
      api: {
        'journey.suggestions': {
          body: { suggestions: { sections: { 'Customer Jobs': ['x'] }, source: 'webhook', createdAt: '2025-01-01' } },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Suggestions for Customer Pains' }));
    const dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Pains' });
    expect(await within(dialog).findByText('Hidden costs or surprise fees')).toBeInTheDocument();
  });

  it('shows the stored AI suggestions for the group', async () => {
    const { user } = await renderTrigger({
      api: {
        'journey.suggestions': {
          body: {
            suggestions: {
              sections: { 'Customer Jobs': ['Plan the week', 'Feed the kids'], 'Customer Gains': [] },
              source: 'webhook',
              createdAt: '2025-01-01T00:00:00.000Z',
            },
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Suggestions for Customer Jobs' }));
    const dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Jobs' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Plan the week', 'Feed the kids']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('TriggerQuestionsPage: offline suggestions', () => {
  const stored = (source: 'webhook' | 'offline') => ({
    'journey.suggestions': {
      body: {
        suggestions: {
          sections: { 'Customer Jobs': ['Get the work around weekly meals done faster'] },
          source,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      },
    },
  });

  it('labels suggestions the offline drafter wrote as offline drafts', async () => {
    const { user } = await renderTrigger({ api: stored('offline') });
    await user.click(await screen.findByRole('button', { name: 'Suggestions for Customer Jobs' }));
    const dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Jobs' });
    expect(await within(dialog).findByText('Get the work around weekly meals done faster')).toBeInTheDocument();
    expect(within(dialog).getByText('Offline draft')).toBeInTheDocument();
    expect(within(dialog).getByText(OFFLINE_DRAFT_TEXT)).toBeInTheDocument();
  });

  it("does not label the AI service's suggestions", async () => {
    const { user } = await renderTrigger({ api: stored('webhook') });
    await user.click(await screen.findByRole('button', { name: 'Suggestions for Customer Jobs' }));
    const dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Jobs' });
    expect(await within(dialog).findByText('Get the work around weekly meals done faster')).toBeInTheDocument();
    expect(within(dialog).queryByText('Offline draft')).not.toBeInTheDocument();
  });
});

describe('splitAnswerLines', () => {
  it('splits on line breaks, trims and drops empty lines', () => {
    expect(splitAnswerLines(' a \r\n\r\nb\n  \n c')).toEqual(['a', 'b', 'c']);
    expect(splitAnswerLines('  \n ')).toEqual([]);
  });
});
