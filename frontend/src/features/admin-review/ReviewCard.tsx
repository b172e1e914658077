import { useId, useRef, useState } from 'react';
import { refusalOf } from '../../lib/error-message';
import { useOnNewError } from '../../lib/use-on-new-error';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError, LoadingArea } from '../../ui/LoadState';
import { type TabItem, Tabs } from '../../ui/Tabs';
import { useToast } from '../../ui/toast/toast-context';
import { FounderAnswersDialog } from './FounderAnswersDialog';
import { IconEye, IconStar, IconUnlock } from './icons';
import {
  type QuestionType,
  type ReviewFounder,
  type ReviewListResponse,
  type ReviewState,
  useReviewList,
  useUnlock,
  useUnlockingIds,
} from './review-api';
import {
  NO_CHANGES_REQUESTED,
  NO_EMAIL,
  NO_PENDING,
  NO_UNLOCKED,
  REVIEW_TEXTS,
  type ReviewTexts,
  UNLOCK_FAILED,
  UNLOCKED_OK,
  USERS_FETCH_FAILED,
} from './texts';
import './admin-review.css';

const STATES: readonly ReviewState[] = ['pending', 'changes-requested', 'unlocked'];

const TABS: Record<ReviewState, { label: string; empty: string }> = {
  pending: { label: 'Pending Unlock', empty: NO_PENDING },
  'changes-requested': { label: 'Changes Requested', empty: NO_CHANGES_REQUESTED },
  unlocked: { label: 'Unlocked', empty: NO_UNLOCKED },
};

/** Spec §9 unknown names: the page's fallback when the profile has no name. */
export function displayName(founder: Pick<ReviewFounder, 'name'>, texts: ReviewTexts): string {
  const name = founder.name?.trim();
  return name ? name : texts.unknownName;
}

type ReviewList = ReturnType<typeof useReviewList>;

/** The counts of the freshest page: each page carries all three, so one tab's list serves every badge. */
function countsOf(list: ReviewList): ReviewListResponse['counts'] | undefined {
  const pages = list.data?.pages;
  return pages?.[pages.length - 1]?.counts;
}

/**
 * Spec §2 and coach feedback: founders who answered every question of the type, in three tabs — waiting for an unlock,
 * sent back for changes, unlocked — with their average rating, the review dialog (answers, feedback, request for
 * changes) and the unlock of the next phase. The admin question pages show it below
 * the questions (composed in app/router.tsx).
 */
export function ReviewCard({ type }: { type: QuestionType }) {
  const texts = REVIEW_TEXTS[type];
  const { toast } = useToast();
  const headingId = useId();
  const [tab, setTab] = useState<ReviewState>('pending');
  const [answersOf, setAnswersOf] = useState<ReviewFounder | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const lists: Record<ReviewState, ReviewList> = {
    pending: useReviewList(type, 'pending', tab === 'pending'),
    'changes-requested': useReviewList(type, 'changes-requested', tab === 'changes-requested'),
    unlocked: useReviewList(type, 'unlocked', tab === 'unlocked'),
  };
  const counts = countsOf(lists[tab]) ?? STATES.map((s) => countsOf(lists[s])).find((c) => c !== undefined);

  const onListError = (error: unknown) => {
    console.error('Could not load the users with answers', error);
    toast({ title: USERS_FETCH_FAILED, description: refusalOf(error), variant: 'destructive' });
  };
  useOnNewError(lists.pending.error, lists.pending.errorUpdatedAt, onListError);
  useOnNewError(lists.unlocked.error, lists.unlocked.errorUpdatedAt, onListError);
  useOnNewError(lists['changes-requested'].error, lists['changes-requested'].errorUpdatedAt, onListError);

  // A focused row that moves away (unlocked) or a 'Load more' that goes away would leave focus on nothing.
  const keepFocus = () => {
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) panelRef.current?.focus();
    });
  };

  const unlock = useUnlock(type, {
    onSuccess: () => {
      toast({ title: UNLOCKED_OK });
      keepFocus();
    },
    onError: (error) => {
      console.error('Could not unlock the next phase', error);
      toast({ title: UNLOCK_FAILED, description: refusalOf(error), variant: 'destructive' });
    },
  });
  const unlocking = useUnlockingIds(type);

  const nobody = counts !== undefined && STATES.every((state) => counts[state] === 0);
  const items: TabItem<ReviewState>[] = STATES.map((state) => ({
    value: state,
    label: (
      <>
        {TABS[state].label}
        {counts ? <Badge variant={tab === state ? 'accent' : 'neutral'}>{counts[state]}</Badge> : null}
      </>
    ),
  }));

  return (
    <Card className="ar-review">
      <section aria-labelledby={headingId}>
        <div className="ar-review__head">
          <h2 id={headingId} className="ar-review__title">
            {texts.title}
          </h2>
          <p className="ar-review__intro">Review each founder's answers, then unlock the next phase for them.</p>
        </div>

        {nobody ? (
          <p className="ar-review__empty">{texts.empty}</p>
        ) : (
          <Tabs label="Review status" items={items} value={tab} onChange={setTab} panelRef={panelRef}>
            <FounderTable
              key={tab}
              state={tab}
              caption={TABS[tab].label}
              empty={TABS[tab].empty}
              list={lists[tab]}
              texts={texts}
              unlocking={unlocking}
              onUnlock={(founder) => unlock.mutate({ founder })}
              onView={setAnswersOf}
              onLastPage={keepFocus}
            />
          </Tabs>
        )}
      </section>

      {answersOf ? (
        <FounderAnswersDialog
          type={type}
          name={displayName(answersOf, texts)}
          userId={answersOf.userId}
          onClose={() => setAnswersOf(null)}
        />
      ) : null}
    </Card>
  );
}

interface FounderTableProps {
  state: ReviewState;
  caption: string;
  empty: string;
  list: ReviewList;
  texts: ReviewTexts;
  unlocking: ReadonlySet<string>;
  onUnlock: (founder: ReviewFounder) => void;
  /** Opens the review dialog: answers, feedback and ratings, summary, request for changes. */
  onView: (founder: ReviewFounder) => void;
  onLastPage: () => void;
}

function FounderTable({
  state,
  caption,
  empty,
  list,
  texts,
  unlocking,
  onUnlock,
  onView,
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
                      <Button variant="secondary" size="sm" onClick={() => onView(founder)} aria-describedby={nameId}>
                        <IconEye />
                        View Answers
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => onView(founder)} aria-describedby={nameId}>
                        <IconStar />
                        Rate
                      </Button>
                      {state !== 'unlocked' ? (
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
