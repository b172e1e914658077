import type { ReactNode } from 'react';
import type { QuestionType } from '#shared/domain/questions';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { CanvasCredit, CanvasLocked, type CanvasLockedProps } from './CanvasStates';

export interface CanvasPageProps {
  /** Page class, so each canvas keeps its own layout styles. */
  className: string;
  title: string;
  subtitle: string;
  /** Whether the canvas's phase is open; undefined while the account is still loading. */
  open: boolean | undefined;
  locked: CanvasLockedProps;
  /** The attribution line's content. */
  credit: ReactNode;
  /** The canvas itself, shown only once the phase is open. */
  children: ReactNode;
  /** The phase whose coach feedback (change request, summary) shows above the canvas. */
  feedbackType?: QuestionType;
}

/** The frame both canvas pages share: header, then spinner, lock notice or canvas, then the credit line. */
export function CanvasPage({
  className,
  title,
  subtitle,
  open,
  locked,
  credit,
  children,
  feedbackType,
}: CanvasPageProps) {
  const { ReviewStatus, FeedbackBanner } = usePhaseEmbeds();
  return (
    <div className={className}>
      <PageHeader title={title} subtitle={subtitle} />
      {open && feedbackType ? <ReviewStatus type={feedbackType} /> : null}
      {open && feedbackType ? <FeedbackBanner type={feedbackType} /> : null}
      {open === undefined ? <PageSpinner /> : open ? children : <CanvasLocked {...locked} />}
      <CanvasCredit>{credit}</CanvasCredit>
    </div>
  );
}
