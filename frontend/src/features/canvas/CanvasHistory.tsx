import type { QuestionType } from '#shared/domain/questions';
import { LazyDialogButton } from '../../ui/LazyDialogButton';
import './canvas-history.css';

const LABELS: Partial<Record<QuestionType, string>> = {
  'value-proposition': 'History of the Value Proposition Canvas: see it at a date, compare, restore',
  'business-model': 'History of the Business Model Canvas: see it at a date, compare, restore',
};

/** The canvas pages' History button and, once pressed, the history dialog, whose code loads only then. */
export function CanvasHistory({ type }: { type: QuestionType }) {
  return (
    <LazyDialogButton
      label="History"
      ariaLabel={LABELS[type]}
      loadingLabel="Loading the history"
      load={() => import('./CanvasHistoryDialog')}
      dialogProps={{ type }}
    />
  );
}
