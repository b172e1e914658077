import { type DragEvent, type KeyboardEvent, type ReactNode, useId } from 'react';
import { excerpt } from '../../lib/excerpt';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { RestoredDraftNote } from '../../ui/RestoredDraftNote';
import { ENTRY_DRAG_TYPE, type MoveDestination } from './canvas-moves';
import { CANVAS_TEXT } from './canvas-texts';
import { IconArrowDown, IconArrowUp, IconMoveTo, IconPencil, IconPlus, IconTrash } from './entry-icons';
import {
  type BlockEntriesOptions,
  type BlockEntriesState,
  type BlockEntry,
  MOVE_KEY_ATTRIBUTE,
  useBlockEntries,
} from './use-block-entries';

/** How much of an entry a button's accessible name quotes. */
const NAME_CHARS = 40;

/**
 * A canvas block's entries as notes on the canvas, each edited, moved or deleted in place, and an Add that opens a
 * field right there. Keyboard: Enter saves, Shift+Enter starts a new line, Escape cancels; every step is announced.
 */
export function BlockEntries({ actions, ...props }: BlockEntriesOptions & { actions: ReactNode }) {
  const state = useBlockEntries(props);
  const { section, questions } = props;
  const { form, entries, announcement, remove, drag } = state;
  return (
    // The whole block takes a drop of another block's entry, highlighted while the drag is over it.
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; each entry's Move to… is how the keyboard moves it.
    <div
      className={drag.at === 'block' ? 'canvas-block canvas-block--drop' : 'canvas-block'}
      aria-busy={state.busy || undefined}
      // Both: a browser takes the drop where dragenter is cancelled (Chromium fires no dragover on entering).
      onDragEnter={(e) => over(e, drag.takes(), () => drag.at !== 'block' && drag.over('block'))}
      onDragOver={(e) => over(e, drag.takes(), () => drag.at !== 'block' && drag.over('block'))}
      onDragLeave={(e) => leaving(e, () => drag.over(null))}
      onDrop={(e) => {
        if (!drag.dragged || !drag.takes()) return;
        e.preventDefault();
        drag.drop(drag.dragged);
      }}
    >
      {state.waiting ? (
        <p className="canvas-block__waiting" role="status">
          {CANVAS_TEXT.waitingForConnection}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="canvas-entries" aria-label={`Entries in ${section}`}>
          {entries.map((entry) =>
            form.mode?.kind === 'edit' && form.mode.key === entry.key ? (
              <li key={entry.key} className="canvas-entry canvas-entry--editing">
                <EntryForm state={state} section={section} questions={questions} />
              </li>
            ) : (
              <ShownEntry key={entry.key} state={state} entry={entry} />
            ),
          )}
        </ul>
      ) : form.mode?.kind !== 'add' ? (
        <p className="canvas-empty">{CANVAS_TEXT.noData}</p>
      ) : null}

      {form.mode?.kind === 'add' ? <EntryForm state={state} section={section} questions={questions} /> : null}
      <div className="canvas-block__foot">
        {form.mode?.kind === 'add' || questions.length === 0 ? null : (
          <Button
            ref={state.addRef}
            size="sm"
            variant="ghost"
            className="canvas-block__add"
            aria-label={`Add an entry to ${section}`}
            aria-disabled={state.busy || undefined}
            onClick={state.openAdd}
          >
            <IconPlus size={14} />
            Add
          </Button>
        )}
        {actions}
      </div>

      <p key={announcement.id} className="sr-only" role="status">
        {announcement.text}
      </p>
      <ConfirmDialog
        open={remove.pending !== null}
        description={
          remove.pending
            ? `This will delete "${excerpt(remove.pending.text)}" from ${section}. ${CANVAS_TEXT.restorable}`
            : ''
        }
        busy={state.busy}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
      />
      <MoveToDialog state={state} section={section} />
    </div>
  );
}

/** A drag over a place that takes it: the drop is allowed (as a move) and `mark` highlights the place. */
function over(e: DragEvent<HTMLElement>, takes: boolean, mark: () => void) {
  if (!takes) return;
  e.preventDefault();
  e.dataTransfer.dropEffect = 'move';
  mark();
}

/** A drag left `e.currentTarget` (not only for one of its children): `then` clears its highlight. */
function leaving(e: DragEvent<HTMLElement>, then: () => void) {
  if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) then();
}

/**
 * The keyboard's way to what a drag does (issue 36): the entry's destinations as buttons, this block's other
 * questions first, then the other blocks of the canvas. A choice closes the dialog and moves the entry; the block
 * announces the outcome and focus follows the entry.
 */
function MoveToDialog({ state, section }: { state: BlockEntriesState; section: string }) {
  const { pending, destinations, cancel, choose } = state.moveTo;
  const id = useId();
  const { otherQuestions, otherBlocks } = pending ? destinations(pending) : { otherQuestions: [], otherBlocks: [] };
  return (
    <Dialog
      open={pending !== null}
      onClose={cancel}
      title={pending ? `Move "${excerpt(pending.text, NAME_CHARS)}" to…` : ''}
      description={`It is added there first, then taken out of ${section}.`}
      size="sm"
    >
      <MoveGroup
        id={`${id}-questions`}
        title={`Another question in ${section}`}
        choices={otherQuestions}
        onChoose={choose}
      />
      <MoveGroup id={`${id}-blocks`} title="Another block" choices={otherBlocks} onChoose={choose} />
    </Dialog>
  );
}

/** One list of the Move to… dialog's destinations under its title; nothing when it has none. */
function MoveGroup({
  id,
  title,
  choices,
  onChoose,
}: {
  id: string;
  title: string;
  choices: readonly { to: MoveDestination; text: string }[];
  onChoose: (to: MoveDestination) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <section className="canvas-move__group" aria-labelledby={id}>
      <h3 id={id} className="canvas-move__title">
        {title}
      </h3>
      <ul className="canvas-move__list">
        {choices.map((d) => (
          <li key={d.to.questionId}>
            <Button variant="secondary" size="sm" className="canvas-move__choice" onClick={() => onChoose(d.to)}>
              {d.text}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShownEntry({ state, entry }: { state: BlockEntriesState; entry: BlockEntry }) {
  const name = `"${excerpt(entry.text, NAME_CHARS)}"`;
  const busy = state.busy || undefined;
  const { drag } = state;
  // A canvas whose other blocks have no questions (and a block of one question) has nowhere to move an entry to.
  const destinations = state.moveTo.destinations(entry);
  const movable = destinations.otherQuestions.length + destinations.otherBlocks.length > 0;
  const classes = ['canvas-entry'];
  if (drag.dragged?.key === entry.key) classes.push('canvas-entry--dragged');
  if (drag.at === entry.key) classes.push('canvas-entry--drop');
  return (
    // A tool takes focus at the entry's top edge; in a block that scrolls, the browser shows only the tool, so the
    // whole entry is brought into the block's view too (jsdom has no scrollIntoView). An editable entry is dragged
    // by the mouse to another block, or onto another entry of its question to take its place.
    <li
      className={classes.join(' ')}
      onFocus={(e) => e.currentTarget.scrollIntoView?.({ block: 'nearest' })}
      draggable={entry.editable && !state.busy}
      onDragStart={(e) => {
        if (!entry.editable) return;
        e.dataTransfer.effectAllowed = 'move';
        // Some browsers start a drag only with data; the key alone, so a drop into a text field inserts nothing.
        e.dataTransfer.setData(ENTRY_DRAG_TYPE, entry.key);
        drag.start(entry);
      }}
      onDragEnd={drag.end}
      onDragEnter={(e) => over(e, drag.takes(entry), () => drag.at !== entry.key && drag.over(entry.key))}
      onDragOver={(e) => over(e, drag.takes(entry), () => drag.at !== entry.key && drag.over(entry.key))}
      onDragLeave={(e) =>
        leaving(e, () => {
          if (drag.at === entry.key) drag.over(null);
        })
      }
      onDrop={(e) => {
        if (!drag.dragged || !drag.takes(entry)) return;
        e.preventDefault();
        e.stopPropagation();
        drag.drop(drag.dragged, entry);
      }}
    >
      <p className="canvas-entry__text break-anywhere">{entry.text}</p>
      {entry.editable ? (
        <div className="canvas-entry__tools">
          <Button
            ref={state.toolRef(entry.key, 'edit')}
            size="icon"
            variant="ghost"
            aria-label={`Edit ${name}`}
            aria-disabled={busy}
            onClick={() => state.startEdit(entry)}
          >
            <IconPencil size={14} />
          </Button>
          <Button
            ref={state.toolRef(entry.key, 'up')}
            size="icon"
            variant="ghost"
            aria-label={`Move ${name} up`}
            aria-disabled={busy}
            disabled={!entry.canMoveUp}
            onClick={() => void state.move(entry, -1)}
          >
            <IconArrowUp size={14} />
          </Button>
          <Button
            ref={state.toolRef(entry.key, 'down')}
            size="icon"
            variant="ghost"
            aria-label={`Move ${name} down`}
            aria-disabled={busy}
            disabled={!entry.canMoveDown}
            onClick={() => void state.move(entry, 1)}
          >
            <IconArrowDown size={14} />
          </Button>
          {movable ? (
            <Button
              ref={state.toolRef(entry.key, 'moveTo')}
              size="icon"
              variant="ghost"
              aria-label={`Move ${name} to another block`}
              aria-disabled={busy}
              aria-haspopup="dialog"
              onClick={() => state.moveTo.ask(entry)}
              {...{ [MOVE_KEY_ATTRIBUTE]: entry.key }}
            >
              <IconMoveTo size={14} />
            </Button>
          ) : null}
          <Button
            ref={state.toolRef(entry.key, 'delete')}
            size="icon"
            variant="ghost"
            className="canvas-danger-text"
            aria-label={`Delete ${name}`}
            aria-disabled={busy}
            aria-haspopup="dialog"
            onClick={() => state.remove.ask(entry)}
          >
            <IconTrash size={14} />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

interface EntryFormProps {
  state: BlockEntriesState;
  section: string;
  questions: BlockEntriesOptions['questions'];
}

function EntryForm({ state: { form, busy }, section, questions }: EntryFormProps) {
  const id = useId();
  const adding = form.mode?.kind === 'add';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      form.cancel();
    } else if (
      e.key === 'Enter' &&
      !e.shiftKey &&
      !e.nativeEvent.isComposing &&
      e.target instanceof HTMLTextAreaElement
    ) {
      e.preventDefault();
      void form.submit();
    }
  };
  return (
    // A panel laid over its block, at least 20rem wide whatever the block's width (canvas.css), so the text and the
    // questions have room; it stays in the block's DOM, so focus and reading order are the block's.
    <form
      className="canvas-entry-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void form.submit(e)}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Only when focus goes somewhere else on the page (not within the form, not away from the window).
        if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) form.leave();
      }}
      noValidate
    >
      <p id={`${id}-title`} className="canvas-entry-form__title">
        {adding ? `Adding to ${section}` : `Editing in ${section}`}
      </p>
      {form.restoredAt ? <RestoredDraftNote keptAt={form.restoredAt} onDiscard={form.discardRestored} /> : null}
      <label className="sr-only" htmlFor={`${id}-text`}>
        {adding ? `New entry in ${section}` : `Edit entry in ${section}`}
      </label>
      {/* No maxLength: a browser cuts a long paste silently; the whole text stays and the limit is said in words. */}
      <textarea
        ref={form.ref}
        id={`${id}-text`}
        className="field__input field__textarea canvas-entry-form__text"
        rows={2}
        value={form.draft}
        onChange={(e) => form.change(e.target.value)}
        aria-invalid={form.error ? true : undefined}
        aria-describedby={form.error ? `${errorId} ${hintId}` : hintId}
      />
      {adding && questions.length > 1 ? (
        // Radios rather than a select: a question reads whole, on as many lines as it needs, in any block.
        <fieldset className="canvas-entry-form__question">
          <legend>Answers the question</legend>
          {questions.map((q) => (
            <label key={q.id} className="canvas-entry-form__choice">
              <input
                type="radio"
                name={`${id}-question`}
                value={q.id}
                checked={form.target === q.id}
                onChange={() => form.chooseTarget(q.id)}
              />
              <span>{q.text}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {form.error ? (
        <p id={errorId} className="field__error" role="alert">
          {form.error}
        </p>
      ) : null}
      <p id={hintId} className="canvas-entry-form__hint">
        Enter saves · Shift+Enter: new line · Esc cancels
      </p>
      <div className="canvas-entry-form__buttons">
        <Button
          type="submit"
          size="sm"
          aria-label={adding ? `Add to ${section}` : `Save entry in ${section}`}
          aria-disabled={busy || undefined}
        >
          {adding ? 'Add' : 'Save'}
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Cancel (${section})`} onClick={form.cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
