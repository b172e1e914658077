import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { plural } from '#shared/plural';
import { useFiles } from '../../data/data-room/data-room-api';
import { CATEGORY_LABELS } from '../../data/data-room/file-format';
import { FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date-time';
import { PATHS } from '../../lib/paths';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { SelectField } from '../../ui/SelectField';
import { useToast } from '../../ui/toast/toast-context';
import { DownloadSwitch } from './DownloadSwitch';
import { LinkReading } from './LinkReading';
import { ShareDialog } from './ShareDialog';
import { ShareEvents } from './ShareEvents';
import { type ShareLink, useLinkViews, useRecentViews, useRevokeShare, useShareLinks } from './sharing-api';
import './sharing.css';

const STATUS_LABELS: Record<ShareLink['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

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

function LinkCard({ link, onRevoke }: { link: ShareLink; onRevoke: () => void }) {
  const [showLog, setShowLog] = useState(false);
  const logId = `share-log-${link.id}`;
  return (
    <li className="card share-link">
      <div className="share-link__head">
        <h3 className="share-link__title">{link.label}</h3>
        <Badge variant={link.status === 'active' ? 'accent' : 'outline'}>{STATUS_LABELS[link.status]}</Badge>
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
      <div className="share-link__actions">
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
        {link.status === 'active' ? (
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

/** The file filter's value for every file (file ids never take this form). */
const ALL_FILES = 'all';

function ViewsByFile() {
  const files = useFiles();
  const [fileId, setFileId] = useState(ALL_FILES);
  const views = useRecentViews(fileId === ALL_FILES ? null : fileId);
  const options = useMemo(
    () => [
      { value: ALL_FILES, label: 'All files' },
      ...(files.data?.pages.flatMap((page) => page.files) ?? []).map((file) => ({ value: file.id, label: file.name })),
    ],
    [files.data],
  );
  return (
    <section className="share-section" aria-labelledby="share-views-title">
      <h2 id="share-views-title" className="share-section__title">
        Recent views
      </h2>
      <SelectField label="File" options={options} value={fileId} onChange={(event) => setFileId(event.target.value)} />
      {views.isPending ? (
        <p role="status">Loading views</p>
      ) : views.isError ? (
        <p className="field__error">Could not load the views. Please try again.</p>
      ) : (
        <ShareEvents events={views.data.events} />
      )}
    </section>
  );
}

/** The founder's share links: create one, see who viewed what (per link and per file), revoke. */
export function SharingPage() {
  const { toast } = useToast();
  const links = useShareLinks();
  const revoke = useRevokeShare();
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ShareLink | null>(null);

  const confirmRevoke = async (link: ShareLink) => {
    try {
      await revoke.mutateAsync(link.id);
      toast({ title: 'Link revoked', description: `${link.label} no longer opens anything.` });
    } catch (err) {
      toast({
        title: 'Revoke failed',
        description: err instanceof Error && err.message ? err.message : FALLBACK_ERROR_MESSAGE,
        variant: 'destructive',
      });
    } finally {
      setToRevoke(null);
    }
  };

  return (
    <div className="sharing">
      <PageHeader
        title="Share Links"
        subtitle="Share chosen documents with investors and see who viewed them"
        aside={
          <>
            <Link className="btn btn--md btn--secondary" to={PATHS.dataRoom}>
              Back to Data Room
            </Link>
            <Button onClick={() => setCreating(true)}>New share link</Button>
          </>
        }
      />
      <section className="share-section" aria-labelledby="share-links-title">
        <h2 id="share-links-title" className="share-section__title">
          Your links
        </h2>
        {links.isPending ? (
          <p role="status">Loading links</p>
        ) : links.isError ? (
          <div className="notice" role="alert">
            <p>Could not load your links.</p>
            <Button variant="secondary" onClick={() => void links.refetch()} loading={links.isFetching}>
              Try again
            </Button>
          </div>
        ) : links.data.links.length === 0 ? (
          <p>No share links yet. Create one to send documents to investors without giving them an account.</p>
        ) : (
          <ul className="share-links">
            {links.data.links.map((link) => (
              <LinkCard key={link.id} link={link} onRevoke={() => setToRevoke(link)} />
            ))}
          </ul>
        )}
      </section>
      <ViewsByFile />
      {creating ? <ShareDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={toRevoke !== null}
        description={
          toRevoke
            ? `Revoke "${toRevoke.label}"? Anyone who opens it will be told it was turned off, and its open sessions end. This cannot be undone; you can create a new link.`
            : ''
        }
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        onCancel={() => setToRevoke(null)}
        onConfirm={() => {
          if (toRevoke) void confirmRevoke(toRevoke);
        }}
      />
    </div>
  );
}
