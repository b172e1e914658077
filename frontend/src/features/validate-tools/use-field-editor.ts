import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ToolField, ToolId } from '#shared/domain/validate-tools';
import { useAnswerMutations } from '../../data/journey/journey-api';
import { ApiError } from '../../lib/api';
import { refusalOf } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useKeptDraft } from '../../lib/use-kept-draft';
import { answersProblem, sameAnswers, tidyAnswers } from './field-drafts';
import { useReportUnsaved } from './unsaved-fields';

export const FIELD_TEXT = {
  saved: 'Saved.',
  cleared: 'Cleared.',
  unchanged: 'Nothing changed since the last save.',
  empty: 'Nothing to save yet: fill in the field first.',
  proposal: 'The proposal is in the field, not saved yet: edit it if you like, then Save.',
  saveFailed: 'Could not save. Please try again.',
  clearFailed: 'Could not clear it. Please try again.',
  restored: (keptAt: string) =>
    `Restored what you typed on ${formatDateTime(keptAt)} — not saved yet. Save to keep it, or discard the changes.`,
  clearQuestion: (label: string) =>
    `This will clear ${label}. The cleared answer stays in this tool's history, so you can restore it.`,
} as const;

/** A kept draft's lines, or null when there is none or it is not a list of strings (another version's format). */
export function keptLines(text: string | undefined): string[] | null {
  if (text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((line) => typeof line === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

export interface FieldEditorOptions {
  tool: ToolId;
  questionId: string;
  label: string;
  /** The built-in field's definition; null for a coach's guidance question (a plain list of answers). */
  field: ToolField | null;
  /** The saved answers (none when the field is empty). */
  saved: readonly string[];
}

/**
 * One field's draft and its save: nothing is written until the founder saves; a save is checked with the server's
 * own rules first and a refusal's message shows at the field; emptying a saved field clears it after a yes.
 */
export function useFieldEditor({ tool, questionId, label, field, saved }: FieldEditorOptions) {
  const { save, remove } = useAnswerMutations(tool);
  const client = useQueryClient();
  // What was typed here and never saved (a reload, an expired session, a lost connection) comes back into the field.
  const kept = useKeptDraft(`tool:${tool}:${questionId}`);
  const [restored] = useState(() => {
    const lines = keptLines(kept.restored?.text);
    return lines && !sameAnswers(tidyAnswers(field, lines), saved)
      ? { lines, keptAt: kept.restored?.keptAt ?? '' }
      : null;
  });
  const [draft, setDraft] = useState<string[]>(() => restored?.lines ?? [...saved]);
  const [base, setBase] = useState<readonly string[]>(saved);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(restored ? FIELD_TEXT.restored(restored.keptAt) : null);
  const [busy, setBusy] = useState(false);
  const [clearing, setClearing] = useState(false);

  // Saved answers that change underneath (a restore, another tab) replace a draft the founder has not touched.
  if (!sameAnswers(saved, base)) {
    setBase(saved);
    if (sameAnswers(draft, base)) setDraft([...saved]);
  }

  const answers = tidyAnswers(field, draft);
  const dirty = !sameAnswers(answers, saved);

  /** Kept on the device while it differs from the saved answer; back to the saved answer keeps nothing. */
  const keep = (next: readonly string[]) => {
    if (sameAnswers(tidyAnswers(field, next), saved)) kept.drop();
    else kept.keep(JSON.stringify(next));
  };

  const refused = (err: unknown, fallback: string) => {
    setError(refusalOf(err) ?? fallback);
    // Locked (403): the phase flags may have changed since the page loaded.
    if (err instanceof ApiError && err.status === 403) void client.invalidateQueries({ queryKey: ['me'] });
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setStatus(null);
    if (answers.length === 0) {
      if (saved.length > 0) setClearing(true);
      else setError(FIELD_TEXT.empty);
      return;
    }
    if (!dirty) return setStatus(FIELD_TEXT.unchanged);
    const problem = answersProblem(field, answers);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const result = await save.mutateAsync({ questionId, answers });
      kept.drop();
      setBase(result.answer.answers);
      setDraft([...result.answer.answers]);
      setStatus(FIELD_TEXT.saved);
    } catch (err) {
      refused(err, FIELD_TEXT.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  useReportUnsaved(questionId, dirty && answers.length > 0, label, () => submit());

  async function clear() {
    if (busy) return;
    setBusy(true);
    try {
      await remove.mutateAsync({ questionId });
      kept.drop();
      setBase([]);
      setDraft([]);
      setError(null);
      setStatus(FIELD_TEXT.cleared);
    } catch (err) {
      refused(err, FIELD_TEXT.clearFailed);
    } finally {
      setBusy(false);
      setClearing(false);
    }
  }

  return {
    draft,
    error,
    status,
    busy,
    dirty,
    hasAnswer: saved.length > 0,
    change(next: string[]) {
      setDraft(next);
      keep(next);
      setError(null);
      setStatus(null);
    },
    submit,
    discard() {
      kept.drop();
      setDraft([...saved]);
      setError(null);
      setStatus(null);
    },
    /** A proposal (prefill, a suggestion) put into the editor unsaved. */
    use(proposal: string[]) {
      setDraft([...proposal]);
      keep(proposal);
      setError(null);
      setStatus(FIELD_TEXT.proposal);
    },
    clear: {
      open: clearing,
      description: FIELD_TEXT.clearQuestion(label),
      ask: () => !busy && setClearing(true),
      cancel: () => setClearing(false),
      confirm: () => void clear(),
    },
  };
}

export type FieldEditor = ReturnType<typeof useFieldEditor>;
