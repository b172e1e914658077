import { useState } from 'react';
import { plural } from '#shared/plural';
import { CATEGORY_LABELS } from '../../data/data-room/file-format';
import { formatDateTime } from '../../lib/format-date-time';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DownloadSwitch } from './DownloadSwitch';
import { LinkReading } from './LinkReading';
import { ShareEvents } from './ShareEvents';
import { type ShareLink, useLinkViews } from './sharing-api';

const STATUS_LABELS: Record<ShareLink['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** What a link made before re-copying existed says instead of "Copy link": its token was never kept in any form. */
export const NOT_COPYABLE_NOTE =
  'Created before links could be copied again, so its address cannot be shown. To send it to someone else, make a new link.';

function scopeText(link: ShareLink): string {
  if (link.scope.kind === 'category') return `Every file in ${CATEGORY_LABELS[link.scope.category]}`;
  const names = link.scope.files.map((f) => f.name);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

function LinkLog({ linkId }: { linkId: string }) {
  const views = useLinkViews(linkId);
  if (views.isPending) return <p role="status">Loading views</p>;
  if (views.isError) return <p className="field__error">Could not load the views. Please try again.</p>;
  return (
    <>
      <ShareEvents events={views.data.events} showLink={false} />
      <LinkReading linkId={linkId} />
    </>
  );
}

/** One of the founder's links: what it shares, how it is guarded, its counts and log; Copy link and Revoke while live. */
export function LinkCard({ link, onCopy, onRevoke }: { link: ShareLink; onCopy: () => void; onRevoke: () => void }) {
  const [showLog, setShowLog] = useState(false);
  const logId = `share-log-${link.id}`;
  const live = link.status === 'active';
  return (
    <li className="card share-link">
      <div className="share-link__head">
        <h3 className="share-link__title">{link.label}</h3>
        <Badge variant={live ? 'accent' : 'outline'}>{STATUS_LABELS[link.status]}</Badge>
      </div>
      <p className="share-link__scope">{scopeText(link)}</p>
      <p className="share-link__meta">
        {link.status === 'revoked' && link.revokedAt
          ? `Revoked ${formatDateTime(link.revokedAt)}`
          : link.expiresAt
            ? `${link.status === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(link.expiresAt)}`
            : 'Never expires'}
        {link.hasPasscode ? ' · Passcode' : ''}
        {link.requireEmail ? ' · Email asked' : ''}
        {link.showStartupName ? ' · Startup name shown' : ''}
        {link.allowDownload ? '' : ' · View only'}
      </p>
      <p className="share-link__meta">
        {plural(link.views, 'view')} ·{' '}
        {plural(link.downloads, 'file opened or downloaded', 'files opened or downloaded')}
        {link.lastViewedAt ? ` · last ${formatDateTime(link.lastViewedAt)}` : ''}
      </p>
      {live && !link.copyable ? <p className="share-link__meta">{NOT_COPYABLE_NOTE}</p> : null}
      <div className="share-link__actions">
        {live && link.copyable ? (
          <Button size="sm" onClick={onCopy} aria-label={`Copy link: ${link.label}`}>
            Copy link
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? 'Hide views' : 'Show views'}
        </Button>
        <DownloadSwitch link={link} />
        {live ? (
          <Button variant="destructive" size="sm" onClick={onRevoke}>
            Revoke
          </Button>
        ) : null}
      </div>
      <div id={logId} hidden={!showLog}>
        {showLog ? <LinkLog linkId={link.id} /> : null}
      </div>
    </li>
  );
}
