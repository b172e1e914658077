import { useId } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { LoadError, LoadingArea } from '../../ui/LoadState';
import { IconEye, IconStar, IconUnlock } from './icons';
import type { ReviewFounder, ReviewState } from './review-api';
import { NO_EMAIL, type ReviewTexts, USERS_FETCH_FAILED } from './texts';
import type { ReviewDialog, ReviewList } from './use-review-card';

/** Spec §9 unknown names: the page's fallback when the profile has no name. */
export function displayName(founder: Pick<ReviewFounder, 'name'>, texts: ReviewTexts): string {
  const name = founder.name?.trim();
  return name ? name : texts.unknownName;
}

export interface FounderTableProps {
  state: ReviewState;
  caption: string;
  empty: string;
  list: ReviewList;
  texts: ReviewTexts;
  unlocking: ReadonlySet<string>;
  /** null where the type has no next phase (a Validate tool): no Unlock button. */
  onUnlock: ((founder: ReviewFounder) => void) | null;
  /** View Answers opens the whole review; Rate opens the rating step. */
  onOpen: (dialog: ReviewDialog) => void;
  onLastPage: () => void;
}

/** One tab's founders: name, email, answers, rating, and the actions on each. */
export function FounderTable({
  state,
  caption,
  empty,
  list,
  texts,
  unlocking,
  onUnlock,
  onOpen,
  onLastPage,
}: FounderTableProps) {
  const rowId = useId();

  if (list.isPending) {
    return <LoadingArea label="Loading users" />;
  }
  if (list.isError && !list.data) {
    return (
      <LoadError retrying={list.isFetching} onRetry={() => void list.refetch()}>
        {USERS_FETCH_FAILED}
      </LoadError>
    );
  }

  const founders = list.data.pages.flatMap((page) => page.founders);
  if (founders.length === 0) return <p className="ar-review__empty">{empty}</p>;

  return (
    <>
      <div className="data-table-wrap">
        <table className="data-table ar-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Total Answers</th>
              {texts.ratingColumn ? <th scope="col">Rating</th> : null}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {founders.map((founder, index) => {
              const nameId = `${rowId}-${index}`;
              const busy = unlocking.has(founder.userId);
              return (
                <tr key={founder.userId}>
                  <th scope="row" id={nameId} className="ar-table__name">
                    {displayName(founder, texts)}
                  </th>
                  <td className="ar-table__email" data-label="Email">
                    {founder.email?.trim() ? founder.email : NO_EMAIL}
                  </td>
                  <td data-label="Total Answers">{founder.totalAnswers}</td>
                  {texts.ratingColumn ? (
                    <td data-label="Rating">
                      {founder.rating === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Not rated</span>
                        </>
                      ) : (
                        <span className="ar-rating">
                          <IconStar />
                          {founder.rating.toFixed(1)}
                          <span className="sr-only"> out of 5</span>
                        </span>
                      )}
                    </td>
                  ) : null}
                  <td className="ar-table__actions-cell">
                    <div className="ar-table__actions">
                      {state === 'unlocked' ? <Badge variant="accent">Unlocked</Badge> : null}
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => onOpen({ founder, mode: 'view' })}
                        aria-describedby={nameId}
                      >
                        <IconEye />
                        View Answers
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => onOpen({ founder, mode: 'rate' })}
                        aria-describedby={nameId}
                      >
                        <IconStar />
                        Rate
                      </Button>
                      {state !== 'unlocked' && onUnlock ? (
                        <Button
                          size="sm"
                          disabled={busy}
                          aria-busy={busy || undefined}
                          onClick={() => onUnlock(founder)}
                          aria-describedby={nameId}
                        >
                          <IconUnlock />
                          {busy ? 'Unlocking...' : 'Unlock'}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {list.hasNextPage ? (
        <div className="ar-review__more">
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() =>
              void list.fetchNextPage().then((result) => {
                if (!result.hasNextPage) onLastPage();
              })
            }
          >
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}
