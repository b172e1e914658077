import { useRef, useState } from 'react';
import { isPhaseType } from '#shared/domain/questions';
import { refusalOf } from '../../lib/error-message';
import { useOnNewError } from '../../lib/use-on-new-error';
import { useToast } from '../../ui/toast/toast-context';
import {
  type QuestionType,
  type ReviewFounder,
  type ReviewListResponse,
  type ReviewState,
  useReviewList,
  useUnlock,
  useUnlockingIds,
} from './review-api';
import { UNLOCK_FAILED, UNLOCKED_OK, USERS_FETCH_FAILED } from './texts';

export const REVIEW_TABS: readonly ReviewState[] = ['pending', 'changes-requested', 'unlocked'];

/** A Validate tool unlocks nothing (decision 024): its review has no Unlocked list. */
export function reviewTabsOf(type: QuestionType): readonly ReviewState[] {
  return isPhaseType(type) ? REVIEW_TABS : REVIEW_TABS.filter((state) => state !== 'unlocked');
}

export type ReviewList = ReturnType<typeof useReviewList>;

/** Which dialog a row opened: the whole review (View Answers) or the rating step (Rate). */
export type ReviewDialog = { founder: ReviewFounder; mode: 'view' | 'rate' };

/** The counts of the freshest page: each page carries all three, so one tab's list serves every badge. */
function countsOf(list: ReviewList): ReviewListResponse['counts'] | undefined {
  const pages = list.data?.pages;
  return pages?.[pages.length - 1]?.counts;
}

/** The review card's state: the shown tab, its list (only that one is fetched), the counts, unlocks and the dialog. */
export function useReviewCard(type: QuestionType) {
  const { toast } = useToast();
  const [tab, setTab] = useState<ReviewState>('pending');
  const [dialog, setDialog] = useState<ReviewDialog | null>(null);
  // An unlock opens the next phase and emails the founder: it is asked first, naming the founder and the phase.
  const [pendingUnlock, setPendingUnlock] = useState<ReviewFounder | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const lists: Record<ReviewState, ReviewList> = {
    pending: useReviewList(type, 'pending', tab === 'pending'),
    'changes-requested': useReviewList(type, 'changes-requested', tab === 'changes-requested'),
    unlocked: useReviewList(type, 'unlocked', tab === 'unlocked'),
  };
  const counts = countsOf(lists[tab]) ?? REVIEW_TABS.map((s) => countsOf(lists[s])).find((c) => c !== undefined);

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

  return {
    tab,
    setTab,
    lists,
    counts,
    tabs: reviewTabsOf(type),
    canUnlock: isPhaseType(type),
    nobody: counts !== undefined && REVIEW_TABS.every((state) => counts[state] === 0),
    panelRef,
    keepFocus,
    unlock: (founder: ReviewFounder) => setPendingUnlock(founder),
    pendingUnlock,
    confirmUnlock: () => {
      if (pendingUnlock) unlock.mutate({ founder: pendingUnlock });
      setPendingUnlock(null);
    },
    cancelUnlock: () => setPendingUnlock(null),
    unlocking: useUnlockingIds(type),
    dialog,
    openDialog: setDialog,
    closeDialog: () => setDialog(null),
  };
}
