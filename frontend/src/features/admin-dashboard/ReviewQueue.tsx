import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { QUESTION_TYPE_LABELS } from '#shared/domain/questions';
import { type QueuedFounder, useReviewQueue } from '../../data/admin/review-queue';
import { refusalOf } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { reviewPath } from '../../lib/paths';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError, LoadingArea } from '../../ui/LoadState';
import { formatWait } from './format-wait';

const nameOf = (f: QueuedFounder) => f.name ?? f.email ?? 'A founder without a name';

function QueueRow({ founder, now }: { founder: QueuedFounder; now: number }) {
  const name = nameOf(founder);
  const phase = QUESTION_TYPE_LABELS[founder.phase];
  return (
    <li className="admin-queue__row">
      <div className="admin-queue__who">
        <span className="admin-queue__name">{name}</span>
        {founder.startupName ? <span className="admin-queue__startup">{founder.startupName}</span> : null}
      </div>
      <div className="admin-queue__meta">
        <Badge variant="outline">{phase}</Badge>
        <span className="admin-queue__wait">
          Waiting{' '}
          <time dateTime={founder.waitingSince} title={`Submitted ${formatDateTime(founder.waitingSince)}`}>
            {formatWait(founder.waitingSince, now)}
          </time>
        </span>
      </div>
      <Link
        className="btn btn--secondary btn--sm admin-queue__link"
        to={reviewPath(founder.phase, founder.userId)}
        aria-label={`Review ${name}'s ${phase} answers`}
      >
        Review
      </Link>
    </li>
  );
}

/** The founders waiting for a coach's review, every phase, the longest waiting first; each row opens the review. */
export function ReviewQueue() {
  const headingId = useId();
  const queue = useReviewQueue();
  const pages = queue.data?.pages ?? [];
  const founders = pages.flatMap((p) => p.founders);
  const total = pages[pages.length - 1]?.total;
  const now = Date.now();

  let body: ReactNode;
  if (queue.isPending) body = <LoadingArea label="Loading the founders waiting for review" />;
  else if (queue.isError && founders.length === 0)
    body = (
      <LoadError retrying={queue.isFetching} onRetry={() => void queue.refetch()}>
        Could not load the founders waiting for review. {refusalOf(queue.error)}
      </LoadError>
    );
  else if (founders.length === 0) body = <p className="admin-queue__empty">No founders are waiting for review.</p>;
  else
    body = (
      <ol className="admin-queue__list">
        {founders.map((f) => (
          <QueueRow key={`${f.phase}#${f.userId}`} founder={f} now={now} />
        ))}
      </ol>
    );

  return (
    <Card className="admin-queue">
      <section aria-labelledby={headingId} aria-busy={queue.isPending || undefined}>
        <div className="admin-queue__head">
          <h2 id={headingId} className="admin-queue__title">
            Waiting for review
          </h2>
          {total !== undefined ? <Badge variant="accent">{`${total.toLocaleString('en-US')} waiting`}</Badge> : null}
        </div>
        <p className="admin-queue__hint">Longest waiting first. Each phase a founder submits waits on its own.</p>
        {body}
        {queue.hasNextPage ? (
          <div className="admin-queue__more">
            <Button variant="secondary" loading={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
              Show more
            </Button>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
