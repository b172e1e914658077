import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerateIdeasResponse } from '#shared/api-types';
import { apiError, type FakeRoutes, founderProfile, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { GENERATE_FAILED, IDEA_TEXTS, keptResults, OFFLINE_NOTE } from './GenerateIdeaPage';
import { ideaFileName, ideaMarkdown } from './idea-export';
import { fileProblem, MAX_FILE_BYTES } from './idea-file';
import { fullTitle, ideaText } from './idea-text';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

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
  await screen.findByRole('heading', { level: 1, name: 'Generate Your Idea' }, SLOW);
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
    // Named once, in the drop area (the native input that used to repeat it is hidden).
    expect(screen.getByText('Selected file: notes.txt (25 B)')).toBeInTheDocument();
    expect(document.querySelector('.idea-page')?.textContent?.match(/notes\.txt/g)).toHaveLength(1);

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
    expect(screen.queryByText(/Selected file/)).not.toBeInTheDocument();
    // Focus stays in the drop area, ready to choose another file.
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveFocus();
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

  it('gives back the description and the generated ideas after a reload, and forgets them once one is saved', async () => {
    let saved: string | null = null;
    const api: FakeRoutes = {
      'journey.generateIdeas': { body: IDEAS },
      'journey.saveIdea': (request) => {
        saved = (request.body as { idea: string }).idea;
        return { body: { idea: saved } };
      },
      'accounts.me': () =>
        meReply({ profile: founderProfile({ idea: saved }), phases: { generate_idea_status: saved !== null } }),
    };
    const first = await renderIdeaPage(api);
    await first.user.type(ideaBox(), 'Meal plans for parents');
    await first.user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    await screen.findByRole('group', { name: 'Pick the idea you want to build' });
    first.unmount();

    const { user, api: calls } = await renderIdeaPage(api);
    expect(ideaBox()).toHaveValue('Meal plans for parents');
    const group = await screen.findByRole('group', { name: 'Pick the idea you want to build' });
    expect(within(group).getAllByRole('radio')).toHaveLength(4);
    // Given back, not generated again: no second AI generation is counted.
    expect(calls.calls('journey.generateIdeas')).toHaveLength(0);
    await user.click(within(group).getByRole('radio', { name: /MealMate/ }));
    await user.click(screen.getByRole('button', { name: 'Select This Idea' }));
    await user.click(await screen.findByRole('button', { name: 'Move to Trigger Questions' }));
    await waitFor(() => expect(saved).not.toBeNull());
    await waitFor(() => expect(localStorage.length).toBe(0));
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

describe('GenerateIdeaPage: the file drop area', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes a dropped file, and opens the picker from its button (keyboard) and from a click on the area', async () => {
    const { user } = await renderIdeaPage();
    const zone = screen.getByTestId('dropzone');
    expect(screen.getByRole('group', { name: 'Upload a file (optional)' })).toContainElement(zone);

    const picks = vi.spyOn(HTMLInputElement.prototype, 'click');
    const choose = screen.getByRole('button', { name: 'Choose a file' });
    choose.focus();
    await user.keyboard('{Enter}');
    expect(picks).toHaveBeenCalledTimes(1);
    await user.click(screen.getByText('Drag and drop a file here, or'));
    expect(picks).toHaveBeenCalledTimes(2);
    expect(picks.mock.contexts.every((input) => (input as HTMLInputElement).type === 'file')).toBe(true);

    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(zone).toHaveClass('dropzone--active');
    const notes = new File(['Parents lack time'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(zone, { dataTransfer: { files: [notes] } });
    expect(zone).not.toHaveClass('dropzone--active');
    expect(await notifications().findByText('File uploaded')).toBeInTheDocument();
    expect(within(zone).getByRole('status')).toHaveTextContent('Selected file: notes.txt (17 B)');
  });

  it('refuses a dropped file of another type', async () => {
    await renderIdeaPage();
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: { files: [new File(['zip'], 'archive.zip', { type: 'application/zip' })] },
    });
    expect(await notifications().findByText('Invalid file type')).toBeInTheDocument();
    expect(within(screen.getByTestId('dropzone')).getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('GenerateIdeaPage: the saved idea is never a shortened title', () => {
  it("saves the founder's whole sentence where the drafter shortened it for the card", async () => {
    const long =
      'Meal plans for busy parents who work long shifts and still want to cook healthy food at home. Weekly boxes.';
    const shortened = 'Meal plans for busy parents who work long shifts and still…';
    const { user, api } = await renderIdeaPage({
      'journey.generateIdeas': {
        body: {
          ideas: [{ title: `${shortened} — as a subscription service`, description: 'Recurring value.' }],
          source: 'offline',
        },
      },
      'journey.saveIdea': (request) => ({ body: { idea: (request.body as { idea: string }).idea } }),
      'questions.list': { body: { questions: [] } },
      'journey.listAnswers': { body: { answers: [] } },
    });
    await user.type(ideaBox(), long);
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    // The card keeps the drafter's short title...
    await user.click(await screen.findByRole('radio', { name: /as a subscription service/ }));
    expect(screen.getByText(`${shortened} — as a subscription service`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select This Idea' }));
    // ...what is selected and saved is written out in full.
    const full =
      'Meal plans for busy parents who work long shifts and still want to cook healthy food at home — as a subscription service: Recurring value.';
    expect(await screen.findByText(full)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to Trigger Questions' }));
    await waitFor(() => expect(api.calls('journey.saveIdea').map((c) => c.body)).toEqual([{ idea: full }]));
    expect(full).not.toContain('…');
  });
});

describe('GenerateIdeaPage: copy and export', () => {
  afterEach(() => vi.restoreAllMocks());

  const savedIdea = 'MealMate: Weekly meal plans for busy parents.';
  const renderSaved = () =>
    renderIdeaPage({
      'accounts.me': meReply({
        profile: founderProfile({ idea: savedIdea, startupName: 'Meal Mate Ltd.' }),
        phases: { generate_idea_status: true },
      }),
    });

  it('copies the idea to the clipboard, and says so when the browser refuses', async () => {
    const { user } = await renderSaved();
    await user.click(await screen.findByRole('button', { name: 'Copy idea to clipboard' }));
    expect(await notifications().findByText(IDEA_TEXTS.copied)).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(savedIdea);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Copy idea to clipboard' }));
    expect(await notifications().findByText(IDEA_TEXTS.copyFailed)).toBeInTheDocument();
    expect(notifications().getByText('Unable to copy to clipboard. Please try again.')).toBeInTheDocument();
  });

  it('downloads the idea as a Markdown file named after the startup', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:idea';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });
    const { user } = await renderSaved();
    await user.click(await screen.findByRole('button', { name: 'Export idea as a Markdown file' }));
    expect(await notifications().findByText('Idea exported')).toBeInTheDocument();
    expect(notifications().getByText('meal-mate-ltd-idea.md is now downloading')).toBeInTheDocument();
    expect(clicked).toEqual([{ download: 'meal-mate-ltd-idea.md', href: 'blob:idea' }]);
    expect(blobs).toHaveLength(1);
    const text = await (blobs[0] as Blob).text();
    expect(text).toMatch(/^# Meal Mate Ltd\.: business idea\n\nMealMate: Weekly meal plans for busy parents\.\n/);
    expect(blobs[0]?.type).toContain('text/markdown');
    vi.unstubAllGlobals();
  });

  it('offers both on an idea that is selected but not saved yet', async () => {
    const { user } = await renderIdeaPage({ 'journey.generateIdeas': { body: IDEAS } });
    await user.type(ideaBox(), 'Meal plans');
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }));
    await user.click(await screen.findByRole('radio', { name: /MealMate/ }));
    await user.click(screen.getByRole('button', { name: 'Select This Idea' }));
    await user.click(await screen.findByRole('button', { name: 'Copy idea to clipboard' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('MealMate: Weekly meal plans for busy parents.');
    expect(screen.getByRole('button', { name: 'Export idea as a Markdown file' })).toBeEnabled();
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
    expect(ideaText({ title: 'MealMate', description: ' ' })).toBe('MealMate');
    // A title that is a sentence is followed by the description as the next sentence.
    expect(ideaText({ title: 'As a subscription: Meal plans.', description: 'Charge monthly.' })).toBe(
      'As a subscription: Meal plans. Charge monthly.',
    );
    expect(ideaText({ title: 'Why cook?', description: 'Plans.' })).toBe('Why cook? Plans.');
    expect(ideaText({ title: 'Cook now!', description: 'Plans.' })).toBe('Cook now! Plans.');
  });

  it("writes a shortened title out from the founder's own sentence, else from their whole text", () => {
    const own = 'Short intro.\nTools for internal audit teams at mid-size banks\n\nMore.';
    expect(fullTitle('Tools for internal audit teams at…— for a niche', own)).toBe(
      'Tools for internal audit teams at mid-size banks — for a niche',
    );
    // Cut inside a word.
    expect(fullTitle('Tools for internal au… — for a niche', own)).toBe(
      'Tools for internal audit teams at mid-size banks — for a niche',
    );
    expect(fullTitle('Something else entirely…', 'My whole idea.')).toBe('My whole idea');
    expect(fullTitle('PantryPal', own)).toBe('PantryPal');
  });

  it('names and writes the exported file', () => {
    expect(ideaFileName('Crème Brûlée & Co')).toBe('creme-brulee-co-idea.md');
    expect(ideaFileName('')).toBe('startup-idea.md');
    expect(ideaFileName(null)).toBe('startup-idea.md');
    expect(ideaMarkdown(' An idea ', null, new Date('2026-01-02T10:00:00Z'))).toBe(
      '# Business idea\n\nAn idea\n\n_Exported from Preseed on 2026-01-02._\n',
    );
  });
});

describe('file picker cancelled', () => {
  it('changes nothing and shows no toast', async () => {
    await renderIdeaPage();
    fireEvent.change(fileInput(), { target: { files: [] } });
    expect(screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? '').toBe('');
  });
});

describe('keptResults', () => {
  const choice = { id: 'idea-0', title: 'MealMate', description: 'Plans.', idea: 'MealMate: Plans.' };
  it('reads results kept in this version’s shape', () => {
    expect(keptResults(JSON.stringify({ choices: [choice], source: 'offline', error: null }))).toEqual({
      choices: [choice],
      source: 'offline',
      error: null,
    });
    expect(keptResults(JSON.stringify({ choices: [], source: null, error: 'Failed.' }))?.error).toBe('Failed.');
  });

  it('reads nothing else', () => {
    for (const text of [
      undefined,
      'not json',
      'null',
      JSON.stringify({ choices: 'x', error: null }),
      JSON.stringify({ choices: [{ ...choice, idea: 3 }], error: null }),
      JSON.stringify({ choices: [choice], error: 3 }),
    ]) {
      expect(keptResults(text)).toBeNull();
    }
  });
});
