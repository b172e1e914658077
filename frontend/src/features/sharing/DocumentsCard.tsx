import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { eventText } from './ShareEvents';
import { useRecentViews } from './sharing-api';
import './sharing.css';

const SHOWN = 2;

/**
 * The dashboard's documents card: how many files the data room holds, a way to share them, and the latest views
 * of the founder's share links (who opened what, newest first).
 */
export function DocumentsCard({ value, caption }: { value: string; caption: string }) {
  const views = useRecentViews(null);
  const latest = views.data?.events.slice(0, SHOWN) ?? [];
  return (
    <li className="card dashboard__card dashboard-documents">
      <p className="dashboard__card-label">Documents</p>
      <p className="dashboard__card-value">{value}</p>
      <p className="dashboard__card-caption">{caption}</p>
      <h3 className="dashboard-documents__title">Recent views</h3>
      {views.isPending ? (
        <p className="dashboard__card-caption">Loading views</p>
      ) : views.isError ? (
        <p className="dashboard__card-caption">Views could not be loaded.</p>
      ) : latest.length === 0 ? (
        <p className="dashboard__card-caption">No views of your share links yet.</p>
      ) : (
        <ul className="dashboard-documents__views">
          {latest.map((event) => (
            <li key={`${event.at}-${event.kind}-${event.fileId ?? ''}`} className="dashboard__card-caption">
              {eventText(event)} · {event.viewerEmail ?? 'viewer without email'}
            </li>
          ))}
        </ul>
      )}
      <Link className="text-link dashboard-documents__link" to={PATHS.dataRoomSharing}>
        Share documents and see views
      </Link>
    </li>
  );
}
