import type { ReactNode } from 'react';
import type { PhaseFlag } from '#shared/domain/phases';
import { useMe } from '../../data/account/use-me';
import type { CanvasType } from '../../data/journey/canvas-data';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { LockedNotice, type LockedNoticeProps } from '../../ui/LockedNotice';
import { PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { CanvasHistory } from './CanvasHistory';
import { CanvasCredit } from './CanvasStates';

export interface CanvasPageProps {
  /** The canvas's question type: its History, review status and coach feedback. */
  type: CanvasType;
  /** Page class, so each canvas keeps its own layout styles. */
  className: string;
  title: string;
  subtitle: string;
  /** The flag that opens the canvas (the previous phase reviewed). */
  openWhen: PhaseFlag;
  /** The flag set once a coach has reviewed this canvas. */
  reviewedWhen: PhaseFlag;
  locked: LockedNoticeProps;
  /** The attribution line's content. */
  credit: ReactNode;
  /** The PDF export's button, handed in by app/router.tsx (the export is a feature of its own). */
  exportAction: ReactNode;
  /** The canvas itself, drawn only once the phase is open. */
  children: (reviewed: boolean) => ReactNode;
}

/**
 * The frame both canvas pages share: header, review status and coach feedback, then spinner, lock notice or the
 * History and export tools above the canvas, then the credit line.
 */
export function CanvasPage({
  type,
  className,
  title,
  subtitle,
  openWhen,
  reviewedWhen,
  locked,
  credit,
  exportAction,
  children,
}: CanvasPageProps) {
  const { ReviewStatus, FeedbackBanner } = usePhaseEmbeds();
  const phases = useMe().data?.phases;
  const open = phases?.[openWhen];
  return (
    <div className={className}>
      <PageHeader title={title} subtitle={subtitle} />
      {open ? <ReviewStatus type={type} /> : null}
      {open ? <FeedbackBanner type={type} /> : null}
      {open === undefined ? (
        <PageSpinner />
      ) : open ? (
        <>
          <div className="canvas-tools">
            <CanvasHistory type={type} />
            {exportAction}
          </div>
          {children(phases?.[reviewedWhen] ?? false)}
        </>
      ) : (
        <LockedNotice {...locked} />
      )}
      <CanvasCredit>{credit}</CanvasCredit>
    </div>
  );
}
