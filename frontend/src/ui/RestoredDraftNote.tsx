import { formatDateTime } from '../lib/format-date-time';
import { Button } from './Button';
import './restored-draft-note.css';

/**
 * Said above a field whose text came back from this device (lib/kept-drafts.ts) rather than from the last save, so
 * the founder knows it is not saved yet and can throw it away.
 */
export function RestoredDraftNote({ keptAt, onDiscard }: { keptAt: string; onDiscard: () => void }) {
  return (
    <p className="restored-draft" role="status">
      <span>Restored what you typed on {formatDateTime(keptAt)} — not saved yet. Save to keep it.</span>
      <Button variant="ghost" size="sm" onClick={onDiscard}>
        Discard
      </Button>
    </p>
  );
}
