import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOOLS_LOCKED_MESSAGE } from '#shared/domain/phases';
import { formatRow, toolAnswerProblem } from '#shared/domain/tool-answers';
import { toolFieldOf, toolFieldQuestionId } from '#shared/domain/validate-tools';
import { apiError, meReply } from '../../test/fake-api';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { guidanceQuestion, OPEN, type ToolFakeOptions, toolFake } from '../../test/fixtures/tool-fake';
import { renderApp } from '../../test/render-app';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

const MR = (field: string) => toolFieldQuestionId('market-research', field);

function renderTool(path: string, options: ToolFakeOptions) {
  const fake = toolFake(options);
  const app = renderApp(path, { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

/** The card of one field (an article) or guidance question (a region), by its heading. */
async function card(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const field = screen.queryAllByRole('article', { name }).at(-1);
    return field ?? (screen.getAllByRole('region', { name }).at(-1) as HTMLElement);
  }, SLOW);
}

const saveBodies = (api: ReturnType<typeof renderTool>['api']) =>
  api.calls('journey.saveAnswer').map((r) => [r.url.pathname.split('/').pop(), r.body]);

describe('a Validate tool page', () => {
  it('is locked with the validation message until the business model is unlocked, and loads nothing', async () => {
    const { api } = renderTool('/tools/swot-analysis', { tool: 'swot', phases: { value_proposition_status: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'SWOT Analysis' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'This tool is locked' })).toBeInTheDocument();
    expect(screen.getByText(TOOLS_LOCKED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(api.calls('journey.listAnswers')).toHaveLength(0);
  });

  it("shows the API's refusal when the answers are refused as locked", async () => {
    renderTool('/tools/swot-analysis', {
      tool: 'swot',
      answersReply: apiError(403, 'Validation tests open once a coach has reviewed your Business Model canvas.'),
    });
    expect(await screen.findByRole('heading', { name: 'This tool is locked' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/open once a coach has reviewed your Business Model canvas/)).toBeInTheDocument();
  });

  it('is for paid founders only: a coach goes to the admin home, an unpaid founder to the payment page', async () => {
    const coach = renderApp('/tools/market-plan', { user: ADMIN }, { api: toolFake({ tool: 'market-plan' }).routes });
    await waitFor(() => expect(coach.router.state.location.pathname).toBe('/admin-home'), SLOW);
    coach.unmount();
    const unpaid = renderApp(
      '/tools/market-plan',
      { user: FOUNDER },
      { api: { ...toolFake({ tool: 'market-plan' }).routes, 'accounts.me': meReply({ paid: false, phases: OPEN }) } },
    );
    await waitFor(() => expect(unpaid.router.state.location.pathname).toBe('/payment'), SLOW);
    expect(unpaid.api.calls('journey.listAnswers')).toHaveLength(0);
  });

  it('sends an unknown tool slug to the not-found page', async () => {
    renderTool('/tools/no-such-tool', { tool: 'swot' });
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' }, SLOW)).toBeInTheDocument();
  });

  it("shows each section's fields with their help, and the coach's guidance question in its section", async () => {
    renderTool('/tools/swot-analysis', {
      tool: 'swot',
      guidance: [guidanceQuestion('swot', 'Threats', 'Which competitor could copy you fastest?')],
    });
    const sections = await screen.findAllByRole('heading', { level: 2 }, SLOW);
    expect(sections.map((h) => h.textContent)).toEqual(['Strengths', 'Weaknesses', 'Opportunities', 'Threats']);
    const strengths = await card('Strengths');
    expect(within(strengths).getByText('What you do better than anyone else, inside your control.')).toBeVisible();
    const [threats] = screen.getAllByRole('region', { name: 'Threats' });
    if (!threats) throw new Error('no Threats section');
    expect(within(threats).getByRole('heading', { name: 'Which competitor could copy you fastest?' })).toBeVisible();
  });

  it("numbers fields and guidance questions across the tool, as the coach's review and the email do", async () => {
    renderTool('/tools/swot-analysis', {
      tool: 'swot',
      guidance: [
        guidanceQuestion('swot', 'Threats', 'Which competitor could copy you fastest?'),
        guidanceQuestion('swot', 'Strengths', 'Which strength would a customer name first?'),
      ],
    });
    const kicker = async (name: string) => within(await card(name)).getByText(/^Question \d+/).textContent;
    expect(await kicker('Strengths')).toBe('Question 1');
    expect(await kicker('Which strength would a customer name first?')).toBe('Question 2 · Your coach asks');
    expect(await kicker('Weaknesses')).toBe('Question 3');
    expect(await kicker('Threats')).toBe('Question 5');
    expect(await kicker('Which competitor could copy you fastest?')).toBe('Question 6 · Your coach asks');
  });

  it('saves a list field item by item, leaving out blank items', async () => {
    const { user, api, fake } = renderTool('/tools/swot-analysis', { tool: 'swot' });
    const strengths = await card('Strengths');
    await user.type(within(strengths).getByRole('textbox', { name: 'Strengths, item 1' }), 'Two founders who cook');
    await user.click(within(strengths).getByRole('button', { name: 'Add item' }));
    const second = within(strengths).getByRole('textbox', { name: 'Strengths, item 2' });
    expect(second).toHaveFocus();
    await user.type(second, 'A school network');
    await user.click(within(strengths).getByRole('button', { name: 'Add item' }));
    await user.click(within(strengths).getByRole('button', { name: 'Save Strengths' }));
    expect(await within(strengths).findByText('Saved.')).toBeInTheDocument();
    expect(saveBodies(api)).toEqual([
      [toolFieldQuestionId('swot', 'strengths'), { answers: ['Two founders who cook', 'A school network'] }],
    ]);
    expect(fake.store.get(toolFieldQuestionId('swot', 'strengths'))).toHaveLength(2);
  });

  it("refuses a number the server would refuse, with the server's own sentence, before sending", async () => {
    const { user, api } = renderTool('/tools/market-research', {
      tool: 'market-research',
      answers: { [MR('currency')]: ['EUR'] },
    });
    const sam = await card('SAM per year');
    const input = within(sam).getByRole('textbox', { name: 'SAM per year' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(within(sam).getByText('EUR')).toBeVisible();
    await user.type(input, '12,5 M');
    await user.click(within(sam).getByRole('button', { name: 'Save SAM per year' }));
    const field = toolFieldOf('market-research', MR('sam'))?.field;
    if (!field) throw new Error('no SAM field');
    const message = toolAnswerProblem(field, ['12,5M']);
    expect(await within(sam).findByRole('alert')).toHaveTextContent(message ?? 'no message');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);

    // Spaces are grouping: 1 200 000 is saved as 1200000.
    await user.clear(input);
    await user.type(input, '1 200 000');
    await user.click(within(sam).getByRole('button', { name: 'Save SAM per year' }));
    expect(await within(sam).findByText('Saved.')).toBeInTheDocument();
    expect(saveBodies(api)).toEqual([[MR('sam'), { answers: ['1200000'] }]]);
    expect(input).toHaveValue('1200000');
  });

  it("shows a 400's message at the field and keeps the draft", async () => {
    const { user } = renderTool('/tools/branding', {
      tool: 'branding',
      onSave: () => apiError(400, 'Name must be at most 200 characters.'),
    });
    const name = await card('Name');
    await user.type(within(name).getByRole('textbox', { name: 'Name' }), 'Mealwise');
    await user.click(within(name).getByRole('button', { name: 'Save Name' }));
    expect(await within(name).findByRole('alert')).toHaveTextContent('Name must be at most 200 characters.');
    expect(within(name).getByRole('textbox', { name: 'Name' })).toHaveValue('Mealwise');
  });

  it('says a failed save may be tried again, and re-reads the phase flags when the save is refused as locked', async () => {
    let reply = apiError(500, 'Internal error');
    const { user, api } = renderTool('/tools/branding', { tool: 'branding', onSave: () => reply });
    const name = await card('Name');
    await user.type(within(name).getByRole('textbox', { name: 'Name' }), 'Mealwise');
    await user.click(within(name).getByRole('button', { name: 'Save Name' }));
    expect(await within(name).findByRole('alert')).toHaveTextContent('Could not save. Please try again.');
    const meCalls = api.calls('accounts.me').length;
    reply = { status: 403, body: { error: 'Forbidden', message: TOOLS_LOCKED_MESSAGE } };
    await user.click(within(name).getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(api.calls('accounts.me').length).toBeGreaterThan(meCalls));
  });

  it('chooses the method with radio buttons and the currency from a list, each saved on its own', async () => {
    const { user, api } = renderTool('/tools/market-research', { tool: 'market-research' });
    const method = await card('Method');
    await user.click(within(method).getByRole('radio', { name: 'Bottom-up' }));
    await user.click(within(method).getByRole('button', { name: 'Save Method' }));
    await within(method).findByText('Saved.');
    const currency = await card('Currency');
    await user.selectOptions(within(currency).getByRole('combobox', { name: 'Currency' }), 'CHF');
    await user.click(within(currency).getByRole('button', { name: 'Save Currency' }));
    await within(currency).findByText('Saved.');
    expect(saveBodies(api)).toEqual([
      [MR('method'), { answers: ['Bottom-up'] }],
      [MR('currency'), { answers: ['CHF'] }],
    ]);
    // The amounts now say their currency.
    expect(within(await card('TAM per year')).getByText('CHF')).toBeVisible();
  });

  it('clears a saved field only after a yes, with a delete of its answer', async () => {
    const { user, api } = renderTool('/tools/branding', {
      tool: 'branding',
      answers: { [toolFieldQuestionId('branding', 'tagline')]: ['Dinner, decided.'] },
    });
    const tagline = await card('Tagline');
    expect(within(tagline).getByRole('textbox', { name: 'Tagline' })).toHaveValue('Dinner, decided.');
    await user.click(within(tagline).getByRole('button', { name: 'Clear Tagline' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent(/stays in this tool's history/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('journey.deleteAnswer')).toHaveLength(0);

    // Emptying the field and saving asks the same question.
    await user.clear(within(tagline).getByRole('textbox', { name: 'Tagline' }));
    await user.click(within(tagline).getByRole('button', { name: 'Save Tagline' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Clear' }),
    );
    expect(await within(tagline).findByText('Cleared.')).toBeInTheDocument();
    expect(api.calls('journey.deleteAnswer')).toHaveLength(1);
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);
  });

  it('adds, fills and saves a row of a table, and brings a removed row back with Undo', async () => {
    const { user, api } = renderTool('/tools/market-plan', {
      tool: 'market-plan',
      answers: { [toolFieldQuestionId('market-plan', 'currency')]: ['EUR'] },
    });
    const plan = await card('Budget and target per channel');
    await user.click(within(plan).getByRole('button', { name: 'Add row' }));
    expect(within(plan).getByRole('textbox', { name: 'Row 1, Channel' })).toHaveFocus();
    await user.type(within(plan).getByRole('textbox', { name: 'Row 1, Channel' }), 'School newsletters ');
    await user.type(within(plan).getByRole('textbox', { name: 'Row 1, Segment' }), 'Working parents');
    await user.type(within(plan).getByRole('textbox', { name: 'Row 1, Budget (EUR)' }), '1500');
    await user.type(within(plan).getByRole('textbox', { name: 'Row 1, Target' }), '40 sign-ups');
    await user.click(within(plan).getByRole('button', { name: 'Add row' }));
    await user.type(within(plan).getByRole('textbox', { name: 'Row 2, Channel' }), 'Flyers');
    await user.click(within(plan).getByRole('button', { name: 'Remove row 2' }));
    expect(within(plan).queryByRole('textbox', { name: 'Row 2, Channel' })).not.toBeInTheDocument();
    await user.click(within(plan).getByRole('button', { name: 'Undo' }));
    expect(within(plan).getByRole('textbox', { name: 'Row 2, Channel' })).toHaveValue('Flyers');
    await user.click(within(plan).getByRole('button', { name: 'Remove row 2' }));

    await user.click(within(plan).getByRole('button', { name: 'Save Budget and target per channel' }));
    expect(await within(plan).findByText('Saved.')).toBeInTheDocument();
    expect(saveBodies(api)).toEqual([
      [
        toolFieldQuestionId('market-plan', 'plan'),
        { answers: [formatRow(['School newsletters', 'Working parents', '1500', '40 sign-ups'])] },
      ],
    ]);
  });

  it('saves a timeline row with its date from a date input', async () => {
    const { user, api } = renderTool('/tools/path-to-mvp', { tool: 'path-to-mvp' });
    const milestones = await card('Milestones');
    await user.click(within(milestones).getByRole('button', { name: 'Add row' }));
    await user.type(within(milestones).getByRole('textbox', { name: 'Row 1, Milestone' }), 'Pilot');
    const date = within(milestones).getByLabelText('Row 1, Date');
    expect(date).toHaveAttribute('type', 'date');
    fireEvent.change(date, { target: { value: '2027-03-01' } });
    await user.type(within(milestones).getByRole('textbox', { name: 'Row 1, Depends on' }), 'Smoke test');
    await user.click(within(milestones).getByRole('button', { name: 'Save Milestones' }));
    await within(milestones).findByText('Saved.');
    expect(saveBodies(api)).toEqual([
      [
        toolFieldQuestionId('path-to-mvp', 'milestones'),
        { answers: [formatRow(['Pilot', '2027-03-01', 'Smoke test'])] },
      ],
    ]);
  });

  it("answers a coach's guidance question as a list", async () => {
    const question = guidanceQuestion('branding', 'Voice', 'Which brands do your customers already love?');
    const { user, api } = renderTool('/tools/branding', { tool: 'branding', guidance: [question] });
    const guidance = await card('Which brands do your customers already love?');
    expect(within(guidance).getByText('Why it matters.')).toBeVisible();
    await user.type(within(guidance).getByRole('textbox', { name: 'Answer, item 1' }), 'Picnic');
    await user.click(within(guidance).getByRole('button', { name: 'Add answer' }));
    await user.type(within(guidance).getByRole('textbox', { name: 'Answer, item 2' }), 'Picnic');
    await user.click(within(guidance).getByRole('button', { name: /^Save answers/ }));
    expect(await within(guidance).findByRole('alert')).toHaveTextContent('This answer already exists.');
    await user.type(within(guidance).getByRole('textbox', { name: 'Answer, item 2' }), ' and Oatly');
    await user.click(within(guidance).getByRole('button', { name: /^Save answers/ }));
    await within(guidance).findByText('Saved.');
    expect(saveBodies(api)).toEqual([[question.id, { answers: ['Picnic', 'Picnic and Oatly'] }]]);
  });

  it('gives back a field typed and not saved after a reload, and forgets it once saved', async () => {
    const first = renderTool('/tools/branding', { tool: 'branding' });
    await first.user.type(within(await card('Tagline')).getByRole('textbox', { name: 'Tagline' }), 'Dinner, decided.');
    first.unmount();

    const { user, api } = renderTool('/tools/branding', { tool: 'branding' });
    const tagline = await card('Tagline');
    expect(within(tagline).getByRole('textbox', { name: 'Tagline' })).toHaveValue('Dinner, decided.');
    expect(within(tagline).getByRole('status')).toHaveTextContent(/Restored what you typed on .* — not saved yet\./);
    await user.click(within(tagline).getByRole('button', { name: 'Save Tagline' }));
    await waitFor(() => expect(within(tagline).getByRole('status')).toHaveTextContent('Saved.'));
    expect(saveBodies(api)).toEqual([[toolFieldQuestionId('branding', 'tagline'), { answers: ['Dinner, decided.'] }]]);
    expect(localStorage.length).toBe(0);
  });

  it('saves every changed field at once from one bar, shown while two or more fields have changes', async () => {
    const { user, api } = renderTool('/tools/branding', { tool: 'branding' });
    await user.type(within(await card('Tagline')).getByRole('textbox', { name: 'Tagline' }), 'Dinner, decided.');
    expect(screen.queryByRole('region', { name: 'Changes not saved' })).toBeNull();
    await user.type(within(await card('Name')).getByRole('textbox', { name: 'Name' }), 'Mealwise');
    const bar = screen.getByRole('region', { name: 'Changes not saved' });
    expect(bar).toHaveTextContent('2 fields have changes not saved:');
    await user.click(within(bar).getByRole('button', { name: 'Save all changes' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changes not saved' })).toBeNull());
    expect(saveBodies(api)).toEqual(
      expect.arrayContaining([
        [toolFieldQuestionId('branding', 'tagline'), { answers: ['Dinner, decided.'] }],
        [toolFieldQuestionId('branding', 'name'), { answers: ['Mealwise'] }],
      ]),
    );
    expect(saveBodies(api)).toHaveLength(2);
  });

  it('drops a restored field on Discard changes', async () => {
    const first = renderTool('/tools/branding', { tool: 'branding' });
    await first.user.type(within(await card('Tagline')).getByRole('textbox', { name: 'Tagline' }), 'Dinner');
    first.unmount();
    const { user } = renderTool('/tools/branding', { tool: 'branding' });
    const tagline = await card('Tagline');
    await user.click(within(tagline).getByRole('button', { name: 'Discard changes to Tagline' }));
    expect(within(tagline).getByRole('textbox', { name: 'Tagline' })).toHaveValue('');
    expect(localStorage.length).toBe(0);
  });

  it('shows the sheet with the saved answers, and keeps an unsaved draft across the switch', async () => {
    const { user } = renderTool('/tools/branding', {
      tool: 'branding',
      answers: { [toolFieldQuestionId('branding', 'name')]: ['Mealwise'] },
    });
    const tagline = await card('Tagline');
    await user.type(within(tagline).getByRole('textbox', { name: 'Tagline' }), 'Dinner, decided.');
    await user.click(screen.getByRole('button', { name: 'Sheet' }));
    expect(screen.getByRole('button', { name: 'Sheet' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Tagline' })).not.toBeInTheDocument());
    expect(screen.getByText('Mealwise', { selector: '.tool-sheet *' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Tagline' })).toHaveValue('Dinner, decided.');
  });
});
