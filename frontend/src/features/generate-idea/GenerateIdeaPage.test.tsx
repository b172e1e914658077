import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GenerateIdeasResponse } from '#shared/api-types';
import { apiError, type FakeRoutes, founderProfile, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { GENERATE_FAILED, ideaText, OFFLINE_NOTE } from './GenerateIdeaPage';
import { fileProblem, MAX_FILE_BYTES } from './idea-file';

const IDEAS: GenerateIdeasResponse = {
  ideas: [
    { title: 'MealMate', description: 'Weekly meal plans for busy parents.' },
    { title: 'PantryPal', description: 'Recipes from what is already in the fridge.' },
    { title: 'ShopSmart', description: 'A shared family shopping list.' },
  ],
  source: 'webhook',
};

async function renderIdeaPage(api: FakeRoutes = {}, userEvent?: { applyAccept?: boolean }) {
  const app = renderApp('/generate-idea', { user: FOUNDER }, { api, ...(userEvent ? { userEvent } : {}) });
  await screen.findByRole('heading', { level: 1, name: 'Generate Your Idea' });
  return app;
}

const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));
const ideaBox = () => screen.getByRole('textbox', { name: 'Your business idea' });
const fileInput = () => screen.getByLabelText('Upload a file (optional)') as HTMLInputElement;

describe('GenerateIdeaPage: describing the idea', () => {
  it('counts characters live, caps them at 2000 and disables Generate while blank', async () => {
    const { user } = await renderIdeaPage();
    expect(ideaBox()).toHaveAttribute('maxlength', '2000');
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    expect(ideaBox()).toHaveAccessibleDescription('0/2000');
    const generate = screen.getByRole('button', { name: 'Generate Ideas' });
    expect(generate).toBeDisabled();
    await user.type(ideaBox(), '   ');
    expect(screen.getByText('3/2000')).toBeInTheDocument();
    expect(generate).toBeDisabled();
    await user.type(ideaBox(), 'Meal plans');
    expect(screen.getByText('13/2000')).toBeInTheDocument();
    expect(generate).toBeEnabled();
  });

  it('shows the three tips', async () => {
    await renderIdeaPage();
    const tips = screen.getByRole('complementary', { name: 'Tips' });
    expect(
      within(tips)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Be Specific', 'Include Context', 'Upload Research']);
  });

  it('refuses files over 10MB and files of other types', async () => {
    const { user } = await renderIdeaPage({}, { applyAccept: false });
    const big = new File(['x'], 'deck.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    await user.upload(fileInput(), big);
    expect(await notifications().findByText('File too large')).toBeInTheDocument();
    expect(notifications().getByText('Please select a file smaller than 10MB.')).toBeInTheDocument();

    await user.upload(fileInput(), new File(['zip'], 'archive.zip', { type: 'application/zip' }));
    expect(await notifications().findByText('Invalid file type')).toBeInTheDocument();
    expect(notifications().getByText('Please select a text file, PDF, image, or Word document.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove file/ })).not.toBeInTheDocument();
  });

  it('attaches a text file, sends its content as context, and removes it', async () => {
    const { user, api } = await renderIdeaPage({ 'journey.generateIdeas': { body: IDEAS } });
    await user.upload(fileInput(), new File(['Survey: parents lack time'], 'notes.txt', { type: 'text/plain' }));
    expect(await notifications().findByText('File uploaded')).toBeInTheDocument();
    expect(screen.getByText('notes.txt')).toBeInTheDocument();

    await user.type(ideaBox(), 'Meal plans for parents');
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    await screen.findByRole('group', { name: 'Pick the idea you want to build' });
    expect(api.calls('journey.generateIdeas').map((c) => c.body)).toEqual([
      {
        text: 'Meal plans for parents',
        context: 'Survey: parents lack time',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove file notes.txt' }));
    expect(await notifications().findByText('File removed')).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
  });
});

describe('GenerateIdeaPage: choosing and saving', () => {
  it('offers three ideas plus the own text, saves the choice and moves to the trigger questions', async () => {
    let saved: string | null = null;
    const { user, api, router } = await renderIdeaPage({
      'journey.generateIdeas': { body: IDEAS },
      'journey.saveIdea': (request) => {
        saved = (request.body as { idea: string }).idea;
        return { body: { idea: saved } };
      },
      'accounts.me': () =>
        meReply({
          profile: founderProfile({ idea: saved }),
          phases: { generate_idea_status: saved !== null },
        }),
      'questions.list': { body: { questions: [] } },
      'journey.listAnswers': { body: { answers: [] } },
    });
    await user.type(ideaBox(), 'Meal plans for parents');
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));

    const group = await screen.findByRole('group', { name: 'Pick the idea you want to build' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'MealMateWeekly meal plans for busy parents.',
      'PantryPalRecipes from what is already in the fridge.',
      'ShopSmartA shared family shopping list.',
      'Your own ideaMeal plans for parents',
    ]);
    expect(screen.queryByText(OFFLINE_NOTE)).not.toBeInTheDocument();

    // Nothing chosen yet.
    await user.click(screen.getByRole('button', { name: 'Select This Idea' }));
    expect(await notifications().findByText('No idea selected')).toBeInTheDocument();
    expect(notifications().getByText('Please select an idea before submitting.')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: /PantryPal/ }));
    await user.click(screen.getByRole('button', { name: 'Select This Idea' }));
    expect(await screen.findByRole('heading', { name: 'Your Selected Idea' })).toHaveFocus();
    expect(screen.getByText('PantryPal: Recipes from what is already in the fridge.')).toBeInTheDocument();

    // Change Your Idea goes back to the same choices.
    await user.click(screen.getByRole('button', { name: 'Change Your Idea' }));
    expect(screen.getByRole('radio', { name: /MealMate/ })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: /MealMate/ }));
    await user.click(screen.getByRole('button', { name: 'Select This Idea' }));
    await user.click(await screen.findByRole('button', { name: 'Move to Trigger Questions' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/trigger-questions'));
    expect(api.calls('journey.saveIdea').map((c) => c.body)).toEqual([
      { idea: 'MealMate: Weekly meal plans for busy parents.' },
    ]);
    // The sidebar unlocks the trigger questions.
    expect(await screen.findByRole('link', { name: 'Trigger Questions' })).toHaveAttribute(
      'href',
      '/trigger-questions',
    );
  });

  it('shows the failure text in the results and still offers the own text', async () => {
    const { user } = await renderIdeaPage({
      'journey.generateIdeas': { body: { ideas: [], source: null, error: GENERATE_FAILED } },
    });
    await user.type(ideaBox(), 'Meal plans');
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERATE_FAILED);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Your own idea/ })).toBeInTheDocument();
  });

  it('shows the same text when the request fails, and notes offline drafts', async () => {
    let fail = true;
    const { user } = await renderIdeaPage({
      'journey.generateIdeas': () => (fail ? apiError(500, 'boom') : { body: { ...IDEAS, source: 'offline' } }),
    });
    await user.type(ideaBox(), 'Meal plans');
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    expect(await screen.findByText(GENERATE_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    expect(await screen.findByText(OFFLINE_NOTE)).toBeInTheDocument();
    expect(screen.queryByText(GENERATE_FAILED)).not.toBeInTheDocument();
  });

  it('says when the idea cannot be saved, and shows the reason of a conflict', async () => {
    let reply = apiError(500, 'boom');
    const { user, router } = await renderIdeaPage({
      'journey.generateIdeas': { body: IDEAS },
      'journey.saveIdea': () => reply,
    });
    await user.type(ideaBox(), 'Meal plans');
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    await user.click(await screen.findByRole('radio', { name: /Your own idea/ }));
    await user.click(screen.getByRole('button', { name: 'Select This Idea' }));
    await user.click(await screen.findByRole('button', { name: 'Move to Trigger Questions' }));
    expect(await notifications().findByText('Error saving idea')).toBeInTheDocument();
    expect(
      notifications().getByText('Could not save your idea to your profile. Please try again.'),
    ).toBeInTheDocument();

    reply = apiError(409, 'Your idea is already saved and can no longer be changed.');
    await user.click(screen.getByRole('button', { name: 'Move to Trigger Questions' }));
    expect(
      await notifications().findByText('Your idea is already saved and can no longer be changed.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate-idea');
  });

  it('shows a saved idea with Move to Trigger Questions and no Change Your Idea', async () => {
    const { user, router, api } = await renderIdeaPage({
      'accounts.me': meReply({
        profile: founderProfile({ idea: 'MealMate: meal plans' }),
        phases: { generate_idea_status: true },
      }),
      'questions.list': { body: { questions: [] } },
      'journey.listAnswers': { body: { answers: [] } },
    });
    expect(screen.getByText('MealMate: meal plans')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Your Idea' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your business idea' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to Trigger Questions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trigger-questions'));
    expect(api.calls('journey.saveIdea')).toHaveLength(0);
  });
});

describe('idea helpers', () => {
  it('accepts text, PDF, images and Word by type or extension', () => {
    const f = (name: string, type: string, size = 10) => ({ name, type, size });
    expect(fileProblem(f('a.txt', 'text/plain'))).toBeNull();
    expect(fileProblem(f('a.pdf', 'application/pdf'))).toBeNull();
    expect(fileProblem(f('a.png', 'image/png'))).toBeNull();
    expect(fileProblem(f('a.docx', ''))).toBeNull();
    expect(fileProblem(f('a.svg', 'image/svg+xml'))).toBe('type');
    expect(fileProblem(f('a.exe', ''))).toBe('type');
    expect(fileProblem(f('a.pdf', 'application/pdf', MAX_FILE_BYTES))).toBeNull();
    expect(fileProblem(f('a.pdf', 'application/pdf', MAX_FILE_BYTES + 1))).toBe('size');
  });

  it('saves a generated idea as "Title: description"', () => {
    expect(ideaText({ title: ' MealMate ', description: 'Plans. ' })).toBe('MealMate: Plans.');
    expect(ideaText({ title: '', description: 'Plans.' })).toBe('Plans.');
  });
});

describe('file picker cancelled', () => {
  it('changes nothing and shows no toast', async () => {
    await renderIdeaPage();
    fireEvent.change(fileInput(), { target: { files: [] } });
    expect(screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? '').toBe('');
  });
});
