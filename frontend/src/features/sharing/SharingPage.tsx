import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { CopyLinkDialog } from './CopyLinkDialog';
import { LinkCard } from './LinkCard';
import { ShareDialog } from './ShareDialog';
import { useSharingPage } from './use-sharing-page';
import { ViewsByFile } from './ViewsByFile';
import './sharing.css';

/** The founder's share links: create one, copy a live one again, see who viewed what (per link and per file), revoke. */
export function SharingPage() {
  const page = useSharingPage();
  const { links, toRevoke } = page;

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
            <Button onClick={() => page.setCreating(true)}>New share link</Button>
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
              <LinkCard
                key={link.id}
                link={link}
                onCopy={() => page.setToCopy(link)}
                onRevoke={() => page.setToRevoke(link)}
              />
            ))}
          </ul>
        )}
      </section>
      <ViewsByFile />
      {page.creating ? <ShareDialog onClose={() => page.setCreating(false)} /> : null}
      {page.toCopy ? <CopyLinkDialog link={page.toCopy} onClose={() => page.setToCopy(null)} /> : null}
      <ConfirmDialog
        open={toRevoke !== null}
        description={
          toRevoke
            ? `Revoke "${toRevoke.label}"? Anyone who opens it will be told it was turned off, and its open sessions end. This cannot be undone; you can create a new link.`
            : ''
        }
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={page.revoking}
        onCancel={() => page.setToRevoke(null)}
        onConfirm={() => {
          if (toRevoke) void page.confirmRevoke(toRevoke);
        }}
      />
    </div>
  );
}
