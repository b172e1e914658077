import { type DragEvent, type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from './Button';
import './file-drop-area.css';

export interface FileDropAreaProps {
  /** The chosen file, said once under the button ('Selected file: notes.txt (2 KB)'). */
  file: File | null;
  /** '2 KB': how the chosen file's size is written. */
  formatSize: (bytes: number) => string;
  disabled?: boolean;
  /** Called with a dropped or picked file; the caller checks it and may refuse it. */
  onChoose: (file: File) => void;
  /** With it, a Remove button beside the chosen file. */
  onRemove?: () => void;
  /** The picker's accept attribute (a hint; the caller's checks decide). */
  accept: string;
  /** The line above the button: 'Drag and drop a file here, or'. */
  prompt: string;
  /** The button: 'Choose a file'. */
  chooseLabel?: string;
  /** Limits and accepted types, read as the button's description too. */
  hints: readonly string[];
  /** The hidden input's label (tests and assistive tools that reach it). */
  inputLabel: string;
  icon?: ReactNode;
}

/**
 * One file, dropped or picked. The keyboard uses the 'Choose a file' button (Enter or Space); a click anywhere on the
 * area opens the picker too, and a file dragged over it highlights it. The native input is only the picker's host.
 */
export function FileDropArea({
  file,
  formatSize,
  disabled = false,
  onChoose,
  onRemove,
  accept,
  prompt,
  chooseLabel = 'Choose a file',
  hints,
  inputLabel,
  icon,
}: FileDropAreaProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const promptId = `${id}-prompt`;
  const selectedId = `${id}-selected`;
  const hintIds = hints.map((_, i) => `${id}-hint-${i}`);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    // One file at a time: the first of a multiple drop.
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChoose(dropped);
  };
  // A click on the area's empty space browses as the button does; clicks on its own buttons do their own thing.
  const onAreaClick = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.target instanceof Element && event.target.closest('button, input, a')) return;
    inputRef.current?.click();
  };

  const classes = ['dropzone', dragging ? 'dropzone--active' : '', disabled ? 'dropzone--disabled' : '']
    .filter(Boolean)
    .join(' ');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a drop target and a larger click target for the mouse; the 'Choose a file' button inside is how the keyboard chooses a file.
    <div
      className={classes}
      data-testid="dropzone"
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      onClick={onAreaClick}
    >
      {icon}
      <p id={promptId} className="dropzone__title">
        {prompt}
      </p>
      <Button
        ref={chooseRef}
        variant="secondary"
        size="sm"
        disabled={disabled}
        aria-describedby={[promptId, selectedId, ...hintIds].join(' ')}
        onClick={() => inputRef.current?.click()}
      >
        {chooseLabel}
      </Button>
      <div className="dropzone__chosen">
        <p id={selectedId} className="dropzone__selected break-anywhere" role="status">
          {file ? `Selected file: ${file.name} (${formatSize(file.size)})` : null}
        </p>
        {file && onRemove ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onRemove();
              // The Remove button is gone: focus stays in the area, on the way to choose another file.
              chooseRef.current?.focus();
            }}
            aria-label={`Remove file ${file.name}`}
          >
            Remove
          </Button>
        ) : null}
      </div>
      {hints.map((hint, i) => (
        <p key={hint} id={hintIds[i]} className="dropzone__hint">
          {hint}
        </p>
      ))}
      {/* Last, so a dialog's first focus lands on the button. Cleared after each pick so the same file fires again. */}
      <input
        ref={inputRef}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={inputLabel}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onChoose(chosen);
        }}
      />
    </div>
  );
}
