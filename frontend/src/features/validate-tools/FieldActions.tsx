import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { FieldEditor } from './use-field-editor';

/**
 * Under a field's editor: its error (the server's own words), what just happened, Save, Discard changes while the
 * draft differs from the saved answer, and Clear (after a yes) while something is saved.
 */
export function FieldActions({ editor, errorId, name }: { editor: FieldEditor; errorId: string; name: string }) {
  return (
    <>
      {editor.error ? (
        <p id={errorId} className="field__error" role="alert">
          {editor.error}
        </p>
      ) : null}
      <p className="vt-field__status" role="status">
        {editor.status}
      </p>
      <div className="vt-field__actions">
        <Button type="submit" size="sm" loading={editor.busy} aria-label={`Save ${name}`}>
          Save
        </Button>
        {editor.dirty ? (
          <Button size="sm" variant="ghost" onClick={editor.discard} aria-label={`Discard changes to ${name}`}>
            Discard changes
          </Button>
        ) : null}
        {editor.hasAnswer ? (
          <Button
            size="sm"
            variant="ghost"
            className="vt-danger-text"
            aria-haspopup="dialog"
            aria-label={`Clear ${name}`}
            onClick={editor.clear.ask}
          >
            Clear
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={editor.clear.open}
        description={editor.clear.description}
        confirmLabel="Clear"
        busyLabel="Clearing..."
        busy={editor.busy}
        onCancel={editor.clear.cancel}
        onConfirm={editor.clear.confirm}
      />
    </>
  );
}
