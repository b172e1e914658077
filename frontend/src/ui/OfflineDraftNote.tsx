import { Badge } from './Badge';

/** What offline AI text is called wherever it shows, so a founder never mistakes it for the AI service's work. */
export const OFFLINE_DRAFT_TEXT =
  'Drafted offline — no AI service is configured, so these are examples written from your own text.';

/**
 * The label beside AI text whose response said `source: 'offline'`: the deterministic drafter wrote it from the
 * founder's own words, which is worth knowing before building on it.
 */
export function OfflineDraftNote() {
  return (
    <p className="offline-note">
      <Badge variant="outline">Offline draft</Badge>
      <span>{OFFLINE_DRAFT_TEXT}</span>
    </p>
  );
}
