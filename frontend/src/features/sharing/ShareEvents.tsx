import { formatDateTime } from '../../lib/format-date-time';
import type { ShareEvent } from './sharing-api';

/** What happened, in words: 'Viewed the link', 'Opened deck.pdf', 'Downloaded deck.pdf'. */
export function eventText(event: ShareEvent): string {
  if (event.kind === 'view') return 'Viewed the link';
  return `${event.kind === 'open' ? 'Opened' : 'Downloaded'} ${event.fileName ?? 'a file'}`;
}

/** A view log: newest first, each entry with its time, what was done, by whom and through which link. */
export function ShareEvents({ events, showLink = true }: { events: readonly ShareEvent[]; showLink?: boolean }) {
  if (events.length === 0) return <p className="share-events__empty">No views yet.</p>;
  return (
    <ul className="share-events">
      {events.map((event) => (
        <li key={`${event.at}-${event.kind}-${event.fileId ?? ''}-${event.linkId}`} className="share-events__item">
          <span className="share-events__what">{eventText(event)}</span>
          <span className="share-events__meta">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            {' · '}
            {event.viewerEmail ?? 'Viewer without email'}
            {showLink ? ` · ${event.linkLabel}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
