import { useId } from 'react';
import { isPhaseType } from '#shared/domain/questions';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type TabItem, Tabs } from '../../ui/Tabs';
import { FounderAnswersDialog } from './FounderAnswersDialog';
import { displayName, FounderTable } from './FounderTable';
import { RateAnswersDialog } from './RateAnswersDialog';
import type { QuestionType, ReviewState } from './review-api';
import {
  NO_CHANGES_REQUESTED,
  NO_PENDING,
  NO_PENDING_REVIEW,
  NO_UNLOCKED,
  REVIEW_TEXTS,
  unlockQuestion,
} from './texts';
import { useReviewCard } from './use-review-card';
import './admin-review.css';

const TABS: Record<ReviewState, { label: string; empty: string }> = {
  pending: { label: 'Pending Unlock', empty: NO_PENDING },
  'changes-requested': { label: 'Changes Requested', empty: NO_CHANGES_REQUESTED },
  unlocked: { label: 'Unlocked', empty: NO_UNLOCKED },
};

/**
 * Spec §2 and coach feedback: founders who answered every question of the type, in three tabs — waiting for an unlock,
 * sent back for changes, unlocked — with their average rating, the review dialog (answers, feedback, request for
 * changes), the rating step and the unlock of the next phase. The admin question pages show it below the questions
 * (composed in app/router.tsx).
 */
export function ReviewCard({ type }: { type: QuestionType }) {
  const texts = REVIEW_TEXTS[type];
  const headingId = useId();
  const card = useReviewCard(type);
  const { tab, counts, dialog } = card;

  const tabLabel = (state: ReviewState) =>
    state === 'pending' && !card.canUnlock ? 'Pending Review' : TABS[state].label;
  const items: TabItem<ReviewState>[] = card.tabs.map((state) => ({
    value: state,
    label: (
      <>
        {tabLabel(state)}
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
          <p className="ar-review__intro">
            {card.canUnlock
              ? "Review each founder's answers, then unlock the next phase for them."
              : "Review each founder's sheet: rate and comment on its answers, or request changes. A tool unlocks nothing."}
          </p>
        </div>

        {card.nobody ? (
          <p className="ar-review__empty">{texts.empty}</p>
        ) : (
          <Tabs label="Review status" items={items} value={tab} onChange={card.setTab} panelRef={card.panelRef}>
            <FounderTable
              key={tab}
              state={tab}
              caption={tabLabel(tab)}
              empty={tab === 'pending' && !card.canUnlock ? NO_PENDING_REVIEW : TABS[tab].empty}
              list={card.lists[tab]}
              texts={texts}
              unlocking={card.unlocking}
              onUnlock={card.canUnlock ? card.unlock : null}
              onOpen={card.openDialog}
              onLastPage={card.keepFocus}
            />
          </Tabs>
        )}
      </section>

      {card.pendingUnlock && isPhaseType(type) ? (
        <ConfirmDialog
          open
          description={unlockQuestion(displayName(card.pendingUnlock, texts), type)}
          confirmLabel="Unlock"
          busyLabel="Unlocking..."
          onConfirm={card.confirmUnlock}
          onCancel={card.cancelUnlock}
        />
      ) : null}
      {dialog?.mode === 'view' ? (
        <FounderAnswersDialog
          type={type}
          name={displayName(dialog.founder, texts)}
          userId={dialog.founder.userId}
          onClose={card.closeDialog}
          onUnlock={
            card.canUnlock && tab !== 'unlocked'
              ? () => {
                  card.closeDialog();
                  card.unlock(dialog.founder);
                }
              : undefined
          }
        />
      ) : null}
      {dialog?.mode === 'rate' ? (
        <RateAnswersDialog
          type={type}
          name={displayName(dialog.founder, texts)}
          userId={dialog.founder.userId}
          onClose={card.closeDialog}
        />
      ) : null}
    </Card>
  );
}
