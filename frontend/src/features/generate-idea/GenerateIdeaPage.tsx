import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MeResponse } from '#shared/api-types';
import { meQueryKey } from '../../data/account/me-api';
import { useMe } from '../../data/account/use-me';
import { type GenerateIdeasResponse, generateIdeas, saveIdea } from '../../data/journey/journey-api';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { apiErrorMessage } from '../../lib/error-message';
import { PATHS } from '../../lib/paths';
import { useKeptDraft } from '../../lib/use-kept-draft';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FileDropArea } from '../../ui/FileDropArea';
import { IconFileText, IconLightbulb, IconSearch } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { TextAreaField } from '../../ui/TextAreaField';
import { useToast } from '../../ui/toast/toast-context';
import { IconCopy, IconDownload, IconUpload } from './icons';
import { copyToClipboard, downloadTextFile, ideaFileName, ideaMarkdown } from './idea-export';
import { ACCEPT, fileProblem, formatFileSize, isTextFile, MAX_CONTEXT_LENGTH, MAX_IDEA_LENGTH } from './idea-file';
import { fullTitle, ideaText } from './idea-text';
import './generate-idea.css';

export const GENERATE_FAILED = 'Failed to generate idea. Please try again.';
export const OFFLINE_NOTE = 'Drafted offline — no AI service is configured';
/** Spec §8's clipboard failure, and what the page says when copying and exporting work. */
export const IDEA_TEXTS = {
  copied: 'Copied to clipboard',
  copiedText: 'Your idea is ready to paste.',
  copyFailed: 'Copy failed',
  copyFailedText: 'Unable to copy to clipboard. Please try again.',
  exported: 'Idea exported',
} as const;
/** Generated ideas offered (spec §9), plus the founder's own text. */
const MAX_IDEAS = 3;

interface IdeaChoice {
  id: string;
  title: string;
  description: string;
  /** What is saved as the profile's idea. */
  idea: string;
}

interface Results {
  choices: IdeaChoice[];
  source: GenerateIdeasResponse['source'];
  error: string | null;
}

/** The description and the ideas generated from it are kept on the device until an idea is saved (lib/kept-drafts). */
const KEPT_DESCRIPTION = 'idea:description';
const KEPT_RESULTS = 'idea:results';

/** Kept results as they were shown, or null when there are none or they are not in this version's shape. */
export function keptResults(text: string | undefined): Results | null {
  if (text === undefined) return null;
  try {
    const parsed = JSON.parse(text) as Partial<Results> | null;
    const choices = parsed?.choices;
    const valid =
      Array.isArray(choices) &&
      choices.every(
        (c: Partial<IdeaChoice>) =>
          typeof c.id === 'string' &&
          typeof c.title === 'string' &&
          typeof c.description === 'string' &&
          typeof c.idea === 'string',
      ) &&
      (parsed?.error === null || typeof parsed?.error === 'string');
    return valid ? { choices, source: parsed?.source ?? null, error: parsed?.error ?? null } : null;
  } catch {
    return null;
  }
}

/** Spec §2 Generate Your Idea: describe, generate, choose, select, then save and move to the trigger questions. */
export function GenerateIdeaPage() {
  const me = useMe();
  const savedIdea = me.data?.profile?.idea?.trim() || null;
  const [selected, setSelected] = useState<string | null>(null);
  const keptDescription = useKeptDraft(KEPT_DESCRIPTION);
  const keptChoices = useKeptDraft(KEPT_RESULTS);
  // Saved: the description and the choices it came from are the profile's now.
  useEffect(() => {
    if (!savedIdea) return;
    keptDescription.drop();
    keptChoices.drop();
  }, [savedIdea, keptDescription.drop, keptChoices.drop]);

  return (
    <div className="idea-page">
      <PageHeader
        title="Generate Your Idea"
        subtitle="Describe your business idea, let AI suggest sharper versions of it, then choose the one to build."
      />
      <div className="idea-page__layout">
        <div className="idea-page__main">
          {savedIdea ? (
            <SelectedIdea idea={savedIdea} saved />
          ) : selected ? (
            <SelectedIdea idea={selected} saved={false} onChange={() => setSelected(null)} />
          ) : null}
          {/* Kept mounted (hidden) while an idea is selected, so 'Change Your Idea' returns to the same choices. */}
          {savedIdea ? null : <IdeaComposer hidden={selected !== null} onSelect={setSelected} />}
        </div>
        <Tips />
      </div>
    </div>
  );
}

function IdeaComposer({ hidden, onSelect }: { hidden: boolean; onSelect: (idea: string) => void }) {
  const { toast } = useToast();
  // A reload (or an expired session) gives back the description and the ideas generated from it: each generation
  // counts against the founder's AI limits, and the choices were theirs to pick from.
  const keptDescription = useKeptDraft(KEPT_DESCRIPTION);
  const keptChoices = useKeptDraft(KEPT_RESULTS);
  const [text, setTextState] = useState(keptDescription.restored?.text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [context, setContext] = useState<string | undefined>(undefined);
  const [results, setResultsState] = useState<Results | null>(() => keptResults(keptChoices.restored?.text));
  const setText = (next: string) => {
    setTextState(next);
    keptDescription.keep(next);
  };
  const setResults = (next: Results) => {
    setResultsState(next);
    keptChoices.keep(JSON.stringify(next));
  };
  /** While a text file is read, generating waits so its content is not left out. */
  const [reading, setReading] = useState(false);
  const resultsTitleRef = useRef<HTMLHeadingElement>(null);

  const generate = useMutation({
    mutationFn: (body: { text: string; context?: string }) => generateIdeas(body),
    onSuccess: (response, body) => {
      const choices: IdeaChoice[] = response.ideas.slice(0, MAX_IDEAS).map((idea, index) => ({
        id: `idea-${index}`,
        title: idea.title.trim(),
        description: idea.description.trim(),
        // A title shortened for the card is saved in full.
        idea: ideaText({ title: fullTitle(idea.title, body.text), description: idea.description }),
      }));
      setResults({ choices: withOwnText(choices, body.text), source: response.source, error: response.error ?? null });
    },
    onError: (err, body) => {
      console.error('Idea generation failed', err);
      setResults({ choices: withOwnText([], body.text), source: null, error: apiErrorMessage(err, GENERATE_FAILED) });
    },
  });

  // Move to the results when they arrive (and when 'Change Your Idea' brings them back), so they are read out.
  useEffect(() => {
    if (results && !hidden) resultsTitleRef.current?.focus();
  }, [results, hidden]);

  const onChooseFile = async (chosen: File) => {
    const problem = fileProblem(chosen);
    if (problem) {
      toast(
        problem === 'size'
          ? { title: 'File too large', description: 'Please select a file smaller than 10MB.', variant: 'destructive' }
          : {
              title: 'Invalid file type',
              description: 'Please select a text file, PDF, image, or Word document.',
              variant: 'destructive',
            },
      );
      return;
    }
    setFile(chosen);
    setContext(undefined);
    toast({ title: 'File uploaded', description: `${chosen.name} is attached to your description.` });
    if (isTextFile(chosen)) {
      setReading(true);
      try {
        const content = (await chosen.text()).trim();
        setContext(content ? content.slice(0, MAX_CONTEXT_LENGTH) : undefined);
      } catch (err) {
        console.error('Could not read the uploaded file', err);
      } finally {
        setReading(false);
      }
    }
  };

  const removeFile = () => {
    setFile(null);
    setContext(undefined);
    toast({ title: 'File removed' });
  };

  const onGenerate = () => {
    const description = text.trim();
    if (!description) return;
    generate.mutate(context ? { text: description, context } : { text: description });
  };

  return (
    <div className="idea-composer" hidden={hidden}>
      <Card className="idea-card">
        <h2 className="idea-card__title">Describe your idea</h2>
        <TextAreaField
          label="Your business idea"
          placeholder="What problem do you want to solve, and for whom?"
          value={text}
          maxLength={MAX_IDEA_LENGTH}
          rows={6}
          onChange={(event) => setText(event.target.value.slice(0, MAX_IDEA_LENGTH))}
          hint={`${text.length}/${MAX_IDEA_LENGTH}`}
        />

        <fieldset className="field idea-file-field">
          <legend className="field__label">Upload a file (optional)</legend>
          <FileDropArea
            file={file}
            formatSize={formatFileSize}
            onChoose={(chosen) => void onChooseFile(chosen)}
            onRemove={removeFile}
            accept={ACCEPT}
            prompt="Drag and drop a file here, or"
            hints={[
              'Text, PDF, image or Word document, up to 10MB.',
              'The text of a plain-text file is sent along with your description.',
            ]}
            inputLabel="Upload a file (optional)"
            icon={<IconUpload size={28} className="dropzone__icon" />}
          />
        </fieldset>

        <div className="idea-card__actions">
          <Button onClick={onGenerate} disabled={!text.trim()} loading={generate.isPending || reading}>
            Generate Ideas
          </Button>
        </div>
      </Card>

      {results ? <IdeaChooser results={results} titleRef={resultsTitleRef} onSelect={onSelect} /> : null}
    </div>
  );
}

function withOwnText(choices: IdeaChoice[], text: string): IdeaChoice[] {
  const own = text.trim();
  if (!own) return choices;
  return [...choices, { id: 'own', title: 'Your own idea', description: own, idea: own }];
}

function IdeaChooser({
  results,
  titleRef,
  onSelect,
}: {
  results: Results;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onSelect: (idea: string) => void;
}) {
  const { toast } = useToast();
  const [choiceId, setChoiceId] = useState<string | null>(null);
  const name = useId();
  const legendId = useId();

  // New results, new choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the results object changes.
  useEffect(() => setChoiceId(null), [results]);

  const onSelectClick = () => {
    const choice = results.choices.find((c) => c.id === choiceId);
    if (!choice) {
      toast({
        title: 'No idea selected',
        description: 'Please select an idea before submitting.',
        variant: 'destructive',
      });
      return;
    }
    onSelect(choice.idea);
  };

  return (
    <Card className="idea-card idea-results">
      <h2 ref={titleRef} tabIndex={-1} className="idea-card__title">
        Choose your idea
      </h2>
      {results.error ? (
        <p className="idea-results__error" role="alert">
          {results.error}
        </p>
      ) : null}
      {results.source === 'offline' && !results.error ? <p className="idea-results__note">{OFFLINE_NOTE}</p> : null}
      {results.choices.length > 0 ? (
        <>
          <fieldset className="idea-choices" aria-labelledby={legendId}>
            <legend id={legendId} className="idea-choices__legend">
              Pick the idea you want to build
            </legend>
            {results.choices.map((choice) => (
              <label
                key={choice.id}
                className={choice.id === choiceId ? 'idea-choice idea-choice--checked' : 'idea-choice'}
              >
                <input
                  type="radio"
                  name={name}
                  value={choice.id}
                  checked={choice.id === choiceId}
                  onChange={() => setChoiceId(choice.id)}
                />
                <span className="idea-choice__text">
                  <span className="idea-choice__title">{choice.title}</span>
                  <span className="idea-choice__description">{choice.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="idea-card__actions">
            <Button onClick={onSelectClick}>Select This Idea</Button>
          </div>
        </>
      ) : null}
    </Card>
  );
}

function SelectedIdea({ idea, saved, onChange }: { idea: string; saved: boolean; onChange?: () => void }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const sub = useAuth().user?.sub ?? '';
  const startupName = useMe().data?.profile?.startupName;
  const titleRef = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves here once, when a choice has just been made.
  useEffect(() => {
    if (!saved) titleRef.current?.focus();
  }, []);

  const save = useMutation({
    mutationFn: (value: string) => saveIdea(value),
    onSuccess: ({ idea: savedValue }) => {
      // The sidebar unlocks the trigger questions at once; the refetch then confirms it.
      client.setQueryData<MeResponse>(meQueryKey(sub), (me) =>
        me
          ? {
              ...me,
              profile: me.profile ? { ...me.profile, idea: savedValue } : me.profile,
              phases: { ...me.phases, generate_idea_status: true },
            }
          : me,
      );
      void client.invalidateQueries({ queryKey: meQueryKey(sub) });
      void navigate(PATHS.triggerQuestions);
    },
    onError: (err) => {
      console.error('Could not save the idea', err);
      if (err instanceof ApiError && err.status === 401) {
        toast({
          title: 'Authentication required',
          description: 'Please log in to save your idea selection.',
          variant: 'destructive',
        });
        return;
      }
      const conflict = err instanceof ApiError && err.status === 409;
      toast({
        title: 'Error saving idea',
        description: conflict ? err.message : 'Could not save your idea to your profile. Please try again.',
        variant: 'destructive',
      });
      // Another idea is already saved: show that one.
      if (conflict) void client.invalidateQueries({ queryKey: meQueryKey(sub) });
    },
  });

  const onMove = () => {
    if (saved) {
      void navigate(PATHS.triggerQuestions);
      return;
    }
    if (!idea.trim()) {
      toast({
        title: 'No idea selected',
        description: 'Please select an idea before submitting.',
        variant: 'destructive',
      });
      return;
    }
    save.mutate(idea);
  };

  const onCopy = async () => {
    try {
      await copyToClipboard(idea);
      toast({ title: IDEA_TEXTS.copied, description: IDEA_TEXTS.copiedText });
    } catch (err) {
      console.error('Copy failed', err);
      toast({ title: IDEA_TEXTS.copyFailed, description: IDEA_TEXTS.copyFailedText, variant: 'destructive' });
    }
  };

  const onExport = () => {
    const name = ideaFileName(startupName);
    downloadTextFile(name, ideaMarkdown(idea, startupName));
    toast({ title: IDEA_TEXTS.exported, description: `${name} is now downloading` });
  };

  return (
    <Card className="idea-card idea-selected">
      <h2 ref={titleRef} tabIndex={-1} className="idea-card__title">
        Your Selected Idea
      </h2>
      <p className="idea-selected__text">{idea}</p>
      <div className="idea-selected__tools">
        <Button variant="secondary" size="sm" onClick={() => void onCopy()} aria-label="Copy idea to clipboard">
          <IconCopy size={16} />
          Copy
        </Button>
        <Button variant="secondary" size="sm" onClick={onExport} aria-label="Export idea as a Markdown file">
          <IconDownload size={16} />
          Export
        </Button>
      </div>
      <p className="idea-selected__note">
        {saved
          ? 'Your idea is saved. Next, answer the trigger questions about your customers.'
          : 'Happy with this idea? Saving it opens the trigger questions about your customers.'}
      </p>
      <div className="idea-card__actions">
        {!saved && onChange ? (
          <Button variant="secondary" onClick={onChange} disabled={save.isPending}>
            Change Your Idea
          </Button>
        ) : null}
        <Button onClick={onMove} loading={save.isPending}>
          Move to Trigger Questions
        </Button>
      </div>
    </Card>
  );
}

const TIPS = [
  { title: 'Be Specific', text: 'Name the problem, who has it and how you plan to solve it.', icon: IconLightbulb },
  {
    title: 'Include Context',
    text: 'Mention your market, industry and the customers you know best.',
    icon: IconSearch,
  },
  {
    title: 'Upload Research',
    text: 'Attach notes or research so the suggestions build on what you know.',
    icon: IconFileText,
  },
];

function Tips() {
  return (
    <aside className="idea-tips" aria-labelledby="idea-tips-title">
      <h2 id="idea-tips-title" className="idea-tips__title">
        Tips
      </h2>
      <ul className="idea-tips__list">
        {TIPS.map(({ title, text, icon: Icon }) => (
          <li key={title} className="card idea-tip">
            <Icon size={20} className="idea-tip__icon" />
            <div>
              <h3 className="idea-tip__title">{title}</h3>
              <p className="idea-tip__text">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
