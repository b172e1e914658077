import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { answerListProblem } from '#shared/domain/answers';
import type { CanvasAnswer, CanvasType } from '../../data/journey/canvas-data';
import { type Question, useAnswerMutations, useWaitingAnswerWrites } from '../../data/journey/journey-api';
import { apiErrorMessage } from '../../lib/error-message';
import { excerpt } from '../../lib/excerpt';
import type { KeptDraft } from '../../lib/kept-drafts';
import { useKeptDraft } from '../../lib/use-kept-draft';
import { useToast } from '../../ui/toast/toast-context';
import { type DraggedEntry, type MoveDestination, useCanvasMoves } from './canvas-moves';
import { CANVAS_TEXT } from './canvas-texts';

export interface BlockEntriesOptions {
  type: CanvasType;
  section: string;
  /** The block's questions, in display order: a new entry belongs to one of them. */
  questions: readonly Question[];
  /** Every entry of the block, question by question (answers to removed questions included, read-only). */
  entries: readonly CanvasAnswer[];
  answersByQuestion: ReadonlyMap<string, readonly string[]>;
  /** The list changes before the server answers (Business Model); otherwise only after it accepts. */
  optimistic: boolean;
}

export type EntryTool = 'edit' | 'up' | 'down' | 'moveTo' | 'delete';
type Focus =
  | { kind: 'field' }
  | { kind: 'add' }
  | { kind: 'tool'; key: string; tool: EntryTool }
  /** The entry moved to another list: its Move to… once the canvas shows it there (it may be another block's). */
  | { kind: 'moved'; questionId: string; index: number; text: string }
  | null;

/** Marks each entry's Move to… button with its entry's key: focus finds a moved entry in whichever block it went to. */
export const MOVE_KEY_ATTRIBUTE = 'data-move-entry';

/** One entry on the canvas with what may be done to it: moves stay within its question's list (the stored order). */
export interface BlockEntry extends CanvasAnswer {
  key: string;
  /** False for an answer to a question a coach has removed: shown, never written. */
  editable: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

export const entryKey = (questionId: string, index: number) => `${questionId}:${index}`;

/** Where a kept draft of the block was typed: adding to a question, or editing an entry whose text was `original`. */
type DraftPlace = { kind: 'add'; target: string } | { kind: 'edit'; key: string; original: string };

/**
 * The form a kept draft opens again: the edit of the same entry while it still reads as it did, else an add to the
 * entry's question (the text is not lost because the entry moved or changed elsewhere), else nothing.
 */
export function reopenedForm(
  kept: KeptDraft | null,
  entries: readonly { key: string; questionId: string; text: string }[],
  questionIds: ReadonlySet<string>,
): { mode: { kind: 'add' } | { kind: 'edit'; key: string }; target: string; draft: string } | null {
  if (!kept?.context) return null;
  let place: DraftPlace;
  try {
    place = JSON.parse(kept.context) as DraftPlace;
  } catch {
    return null;
  }
  if (place.kind === 'edit') {
    const entry = entries.find((e) => e.key === place.key);
    if (entry && entry.text === place.original) {
      return entry.text === kept.text ? null : { mode: { kind: 'edit', key: entry.key }, target: '', draft: kept.text };
    }
    const questionId = place.key.slice(0, place.key.lastIndexOf(':'));
    return questionIds.has(questionId) ? { mode: { kind: 'add' }, target: questionId, draft: kept.text } : null;
  }
  return place.kind === 'add' && questionIds.has(place.target)
    ? { mode: { kind: 'add' }, target: place.target, draft: kept.text }
    : null;
}

/**
 * The block's entries as shown: question by question, except those added during this visit (matched by question and
 * text, the latest such entry first), which come last in the order they were added.
 */
export function lastAdded<E extends { questionId: string; text: string; index: number }>(
  entries: readonly E[],
  added: readonly { questionId: string; text: string }[],
): E[] {
  const rest = [...entries];
  const tail: E[] = [];
  for (const a of added) {
    let at = -1;
    for (let i = rest.length - 1; i >= 0; i--) {
      const e = rest[i];
      if (e && e.questionId === a.questionId && e.text === a.text) {
        at = i;
        break;
      }
    }
    if (at >= 0) tail.push(...rest.splice(at, 1));
  }
  return [...rest, ...tail];
}

/**
 * The state of one canvas block edited in place: the entry being added or edited with its draft, the delete waiting
 * for a yes, the one write in flight, what the block announces, and where focus goes after each step. Every write is
 * the question's whole list through the same save (or delete) the questions dialog uses, so history, phase locks,
 * payment checks and review state stay the server's. BlockEntries.tsx only shows it.
 */
export function useBlockEntries({
  type,
  section,
  questions,
  entries,
  answersByQuestion,
  optimistic,
}: BlockEntriesOptions) {
  const { save, remove } = useAnswerMutations(type, { optimistic });
  const moves = useCanvasMoves();
  const waitingWrites = useWaitingAnswerWrites(type);
  const { toast } = useToast();
  // What was typed in this block and never saved comes back into its form (lib/kept-drafts.ts).
  const kept = useKeptDraft(`${type}:${section}`);
  const [reopened] = useState(() =>
    reopenedForm(
      kept.restored,
      entries.map((e) => ({ key: entryKey(e.questionId, e.index), questionId: e.questionId, text: e.text })),
      new Set(questions.map((q) => q.id)),
    ),
  );
  const [mode, setMode] = useState<{ kind: 'add' } | { kind: 'edit'; key: string } | null>(reopened?.mode ?? null);
  const [draft, setDraft] = useState(reopened?.draft ?? '');
  const [target, setTarget] = useState(reopened?.target ?? '');
  const [restoredAt, setRestoredAt] = useState(reopened ? (kept.restored?.keptAt ?? null) : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<BlockEntry | null>(null);
  const [moving, setMoving] = useState<BlockEntry | null>(null);
  /** Where a drag over this block would land: the block itself (another block's entry) or one of its entries. */
  const [dropAt, setDropAt] = useState<'block' | string | null>(null);
  const [announcement, setAnnouncement] = useState({ id: 0, text: '' });
  const [focus, setFocus] = useState<Focus>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const tools = useRef(new Map<string, HTMLButtonElement>());

  // Entries added in this block during this visit, in the order they were added: they show at the end of the
  // block, where Add is, rather than amid their question's answers. Only the display changes; the saved lists keep
  // their order, and a reload shows the block question by question again.
  const [addedHere, setAddedHere] = useState<readonly { questionId: string; text: string }[]>([]);

  const questionIds = new Set(questions.map((q) => q.id));
  const list: BlockEntry[] = lastAdded(entries, addedHere).map((e) => {
    const editable = questionIds.has(e.questionId);
    const length = answersByQuestion.get(e.questionId)?.length ?? 0;
    return {
      ...e,
      key: entryKey(e.questionId, e.index),
      editable,
      canMoveUp: editable && e.index > 0,
      canMoveDown: editable && e.index < length - 1,
    };
  });

  // Focus moves after the render that shows (or removes) its target; a move button that just became disabled
  // (the entry reached an end) hands focus to its partner.
  useEffect(() => {
    if (!focus) return;
    if (focus.kind === 'field') {
      // The whole form in view, not only its field (the form lies over the block; jsdom has no scrollIntoView).
      fieldRef.current?.focus({ preventScroll: true });
      fieldRef.current?.closest('form')?.scrollIntoView?.({ block: 'nearest' });
    } else if (focus.kind === 'add') addRef.current?.focus();
    else if (focus.kind === 'moved') {
      const key = entryKey(focus.questionId, focus.index);
      const el = [...document.querySelectorAll<HTMLElement>(`[${MOVE_KEY_ATTRIBUTE}]`)].find(
        (b) => b.getAttribute(MOVE_KEY_ATTRIBUTE) === key,
      );
      // The writes are done but the canvas may not show them yet (the cache tells its readers a moment later):
      // wait for the render that does, then fall back to Add if the entry is not on the canvas after all.
      if (!el && answersByQuestion.get(focus.questionId)?.[focus.index] !== focus.text) return;
      (el ?? addRef.current)?.focus();
    } else {
      const partner: Partial<Record<EntryTool, EntryTool>> = { up: 'down', down: 'up' };
      const el = tools.current.get(`${focus.key}:${focus.tool}`);
      const other = partner[focus.tool];
      const fallback = other ? tools.current.get(`${focus.key}:${other}`) : undefined;
      (el && !el.disabled ? el : fallback && !fallback.disabled ? fallback : (el ?? addRef.current))?.focus();
    }
    setFocus(null);
  }, [focus, answersByQuestion]);

  const say = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);

  /** Saves one question's list; a refusal is toasted and announced, as `explain` words it (else as is). */
  async function write(
    questionId: string,
    next: string[],
    failure: string,
    explain: (message: string) => string = (m) => m,
  ): Promise<boolean> {
    setBusy(true);
    try {
      if (next.length === 0) await remove.mutateAsync({ questionId });
      else await save.mutateAsync({ questionId, answers: next });
      return true;
    } catch (err) {
      console.error(failure, err);
      const message = explain(apiErrorMessage(err, failure));
      toast({ title: CANVAS_TEXT.errorTitle, description: message, variant: 'destructive' });
      say(message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const answersOf = (questionId: string) => [...(answersByQuestion.get(questionId) ?? [])];

  /** Keeps the form's text with where it was typed; an edit back to the entry's own text keeps nothing. */
  function keepTyped(text: string, questionId: string) {
    if (mode?.kind === 'edit') {
      const entry = list.find((e) => e.key === mode.key);
      if (!entry || text === entry.text) return forget();
      kept.keep(text, JSON.stringify({ kind: 'edit', key: entry.key, original: entry.text } satisfies DraftPlace));
    } else if (mode?.kind === 'add') {
      kept.keep(text, JSON.stringify({ kind: 'add', target: questionId } satisfies DraftPlace));
    }
  }

  function forget() {
    kept.drop();
    setRestoredAt(null);
  }

  function openAdd() {
    if (busy) return;
    const firstOpen = questions.find((q) => (answersByQuestion.get(q.id)?.length ?? 0) === 0);
    setTarget((current) => (questionIds.has(current) ? current : ((firstOpen ?? questions[0])?.id ?? '')));
    setMode({ kind: 'add' });
    setDraft('');
    forget();
    setError(null);
    setFocus({ kind: 'field' });
  }

  function startEdit(entry: BlockEntry) {
    if (busy || !entry.editable) return;
    setMode({ kind: 'edit', key: entry.key });
    setDraft(entry.text);
    forget();
    setError(null);
    setFocus({ kind: 'field' });
  }

  function cancel() {
    const was = mode;
    forget();
    setMode(null);
    setError(null);
    setFocus(was?.kind === 'edit' ? { kind: 'tool', key: was.key, tool: 'edit' } : { kind: 'add' });
  }

  /**
   * Focus left the form for elsewhere on the page: an untouched form closes, so it does not lie over what focus
   * went to; one holding typed text stays open (and kept on the device), so nothing typed is lost.
   */
  function leave() {
    if (!mode || busy) return;
    const entry = mode.kind === 'edit' ? list.find((e) => e.key === mode.key) : undefined;
    const untouched = mode.kind === 'add' ? draft.trim() === '' : !entry || draft === entry.text;
    if (!untouched) return;
    forget();
    setMode(null);
    setError(null);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy || !mode) return;
    const text = draft.trim();
    if (mode.kind === 'add') {
      const next = [...answersOf(target), text];
      const problem = text ? answerListProblem(next) : CANVAS_TEXT.blankNew;
      if (problem) return refuse(problem);
      if (optimistic) setDraft('');
      const added = { questionId: target, text };
      setAddedHere((list) => [...list, added]);
      const ok = await write(target, next, CANVAS_TEXT.saveFailed);
      if (!ok) setAddedHere((list) => list.filter((a) => a !== added));
      // The form stays open for the next entry; a refused optimistic add gives the text back.
      if (ok) {
        if (!optimistic) setDraft('');
        forget();
        say(`Added "${excerpt(text)}" to ${section}.`);
      } else if (optimistic) setDraft((current) => (current === '' ? draft : current));
      setFocus({ kind: 'field' });
      return;
    }
    const entry = list.find((e) => e.key === mode.key);
    if (!entry) return cancel();
    if (text === entry.text) return cancel();
    const next = answersOf(entry.questionId).map((a, i) => (i === entry.index ? text : a));
    const problem = text ? answerListProblem(next) : CANVAS_TEXT.blankEdit;
    if (problem) return refuse(problem);
    if (optimistic) setMode(null);
    const ok = await write(entry.questionId, next, CANVAS_TEXT.saveFailed);
    if (ok || optimistic) {
      setMode(null);
      if (ok) {
        forget();
        say(`Saved "${excerpt(text)}".`);
      }
      setFocus({ kind: 'tool', key: entry.key, tool: 'edit' });
    } else setFocus({ kind: 'field' });
  }

  function refuse(problem: string) {
    setError(problem);
    setFocus({ kind: 'field' });
  }

  async function move(entry: BlockEntry, by: -1 | 1) {
    if (busy || !(by < 0 ? entry.canMoveUp : entry.canMoveDown)) return;
    const next = answersOf(entry.questionId);
    const to = entry.index + by;
    [next[entry.index], next[to]] = [next[to] ?? '', next[entry.index] ?? ''];
    const tool = by < 0 ? 'up' : 'down';
    const ok = await write(entry.questionId, next, CANVAS_TEXT.saveFailed);
    // A move is within the question's saved list: from then on the block shows that order, so up is up.
    if (ok) setAddedHere([]);
    if (ok) say(`Moved "${excerpt(entry.text)}" ${tool} to place ${to + 1} of ${next.length}.`);
    setFocus({ kind: 'tool', key: ok ? entryKey(entry.questionId, to) : entry.key, tool });
  }

  /**
   * Moves an entry into another question's list (of this block or another): it is added there first, then taken out
   * of its own list, so a failure between the two leaves a copy, never a loss. A refused add removes nothing.
   */
  async function moveTo(entry: BlockEntry, to: MoveDestination) {
    if (busy || !entry.editable || to.questionId === entry.questionId) return;
    // Indexes shift once the entry leaves its list: an open edit would point at another entry (as after a delete).
    // An add names its question, not an index, so it stays open with what was typed.
    const name = excerpt(entry.text);
    // The entry as the dialog or the drag saw it may have changed since (another device's write): move nothing.
    if (answersOf(entry.questionId)[entry.index] !== entry.text) {
      say(`"${name}" changed meanwhile: nothing was moved.`);
      setFocus({ kind: 'add' });
      return;
    }
    if (mode?.kind === 'edit') setMode(null);
    const refused = (message: string) => `Could not move "${name}" to ${to.label}: ${message}`;
    const into = [...answersOf(to.questionId), entry.text];
    const problem = answerListProblem(into);
    if (problem) {
      // The server would refuse it the same way (a duplicate, a full list): nothing is sent.
      const message = refused(problem);
      toast({ title: CANVAS_TEXT.errorTitle, description: message, variant: 'destructive' });
      say(message);
      setFocus({ kind: 'tool', key: entry.key, tool: 'moveTo' });
      return;
    }
    if (!(await write(to.questionId, into, CANVAS_TEXT.saveFailed, refused))) {
      setFocus({ kind: 'tool', key: entry.key, tool: 'moveTo' });
      return;
    }
    const rest = answersOf(entry.questionId).filter((_, i) => i !== entry.index);
    const removed = await write(
      entry.questionId,
      rest,
      CANVAS_TEXT.saveFailed,
      (m) => `"${name}" is now in ${to.label}, but also still in ${section}: ${m}`,
    );
    if (removed) {
      say(`Moved "${name}" to ${to.label}.`);
      setFocus({ kind: 'moved', questionId: to.questionId, index: into.length - 1, text: entry.text });
    } else setFocus({ kind: 'tool', key: entry.key, tool: 'moveTo' });
  }

  /** A drop on another entry of the same question: the entry takes that place in the list (one save). */
  async function reorder(entry: BlockEntry, to: number) {
    const next = answersOf(entry.questionId);
    if (busy || !entry.editable || to === entry.index || to < 0 || to >= next.length) return;
    if (next[entry.index] !== entry.text) return;
    const [moved] = next.splice(entry.index, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    const ok = await write(entry.questionId, next, CANVAS_TEXT.saveFailed);
    // As with Up and Down: from then on the block shows the saved order.
    if (ok) setAddedHere([]);
    if (ok) say(`Moved "${excerpt(entry.text)}" to place ${to + 1} of ${next.length}.`);
    setFocus({ kind: 'tool', key: ok ? entryKey(entry.questionId, to) : entry.key, tool: 'moveTo' });
  }

  /** A drop of the dragged entry onto this block (`on` undefined) or onto one of its entries. */
  function drop(dragged: DraggedEntry, on?: BlockEntry) {
    setDropAt(null);
    moves?.setDragged(null);
    if (dragged.section !== section) {
      // Another block's entry: that block moves it here, into this block's first question.
      const first = questions[0];
      if (first) moves?.request(dragged, { questionId: first.id, label: section });
      return;
    }
    const entry = list.find((e) => e.key === dragged.key && e.text === dragged.text);
    if (!entry || !on?.editable || on.key === entry.key) return;
    if (on.questionId === entry.questionId) void reorder(entry, on.index);
    else void moveTo(entry, questionDestination(on.questionId));
  }

  /** Another question of this block as a destination, named so the announcement says which. */
  function questionDestination(questionId: string): MoveDestination {
    const q = questions.find((x) => x.id === questionId);
    return { questionId, label: `"${excerpt(q?.text ?? '')}" in ${section}` };
  }

  /** Where an entry of this block can go: this block's other questions, then the other blocks (first question). */
  function destinationsOf(entry: BlockEntry) {
    const otherQuestions = questions
      .filter((q) => q.id !== entry.questionId)
      .map((q) => ({
        text: q.text,
        to: questionDestination(q.id),
      }));
    const otherBlocks = (moves?.blocks ?? []).flatMap((b) => {
      const first = b.questions[0];
      return b.section === section || !first
        ? []
        : [{ text: b.section, to: { questionId: first.id, label: b.section } }];
    });
    return { otherQuestions, otherBlocks };
  }

  // The entry's own block takes the move of a drop in another block, so both ways run moveTo.
  const onRequest = useRef<(from: DraggedEntry, to: MoveDestination) => void>(() => undefined);
  onRequest.current = (from, to) => {
    const entry = list.find((e) => e.key === from.key && e.text === from.text);
    if (entry) void moveTo(entry, to);
  };
  const register = moves?.register;
  useEffect(() => register?.(section, (from, to) => onRequest.current(from, to)), [register, section]);

  async function confirmDelete() {
    const entry = pendingDelete;
    if (busy || !entry) return;
    if (mode) setMode(null);
    const next = answersOf(entry.questionId).filter((_, i) => i !== entry.index);
    const ok = await write(entry.questionId, next, CANVAS_TEXT.deleteFailed);
    setPendingDelete(null);
    if (ok) say(`Deleted "${excerpt(entry.text)}" from ${section}. ${CANVAS_TEXT.restorable}`);
    setFocus(ok ? { kind: 'add' } : { kind: 'tool', key: entry.key, tool: 'delete' });
  }

  return {
    busy,
    /** A write of one of this block's questions waits for the connection: what shows is not saved yet. */
    waiting: questions.some((q) => waitingWrites.has(q.id)),
    entries: list,
    announcement,
    form: {
      mode,
      draft,
      error,
      target,
      ref: fieldRef,
      change(text: string) {
        setDraft(text);
        if (error) setError(null);
        keepTyped(text, target);
      },
      chooseTarget(questionId: string) {
        setTarget(questionId);
        keepTyped(draft, questionId);
      },
      /** When the form's text was typed, if it came back from this device rather than from this visit. */
      restoredAt,
      discardRestored: () => {
        forget();
        cancel();
      },
      submit,
      cancel,
      leave,
    },
    openAdd,
    addRef,
    startEdit,
    move,
    /** The entry whose Move to… dialog is open, where it can go, and the choice that moves it. */
    moveTo: {
      pending: moving,
      destinations: destinationsOf,
      ask: (entry: BlockEntry) => {
        if (!busy && entry.editable) setMoving(entry);
      },
      cancel: () => setMoving(null),
      choose: (to: MoveDestination) => {
        const entry = moving;
        setMoving(null);
        if (entry) void moveTo(entry, to);
      },
    },
    /** Dragging entries with the mouse: the same moves as Move to… and Up/Down, dropped where they go. */
    drag: {
      dragged: moves?.dragged ?? null,
      /** The highlighted place, only while an entry is dragged. */
      at: moves?.dragged ? dropAt : null,
      start: (entry: BlockEntry) =>
        moves?.setDragged({
          section,
          key: entry.key,
          questionId: entry.questionId,
          index: entry.index,
          text: entry.text,
        }),
      end: () => {
        setDropAt(null);
        moves?.setDragged(null);
      },
      /** Whether this block takes the dragged entry onto itself (`on` undefined) or onto one of its entries. */
      takes: (on?: BlockEntry) => {
        const dragged = moves?.dragged;
        if (!dragged || busy) return false;
        if (!on) return dragged.section !== section && questions.length > 0;
        return dragged.section === section && on.editable && on.key !== dragged.key;
      },
      over: setDropAt,
      drop,
    },
    remove: {
      pending: pendingDelete,
      ask: (entry: BlockEntry) => {
        if (!busy && entry.editable) setPendingDelete(entry);
      },
      cancel: () => setPendingDelete(null),
      confirm: () => void confirmDelete(),
    },
    /** Keeps each entry's tool buttons, where focus returns after a move, an edit or a failed delete. */
    toolRef: (key: string, tool: EntryTool) => (el: HTMLButtonElement | null) => {
      if (el) tools.current.set(`${key}:${tool}`, el);
      else tools.current.delete(`${key}:${tool}`);
    },
  };
}

export type BlockEntriesState = ReturnType<typeof useBlockEntries>;
