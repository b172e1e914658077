import { lazy } from 'react';
import type { QuestionType } from '#shared/domain/questions';
import { LazyDialogButton } from '../../ui/LazyDialogButton';
import './canvas-history.css';

const LABELS: Partial<Record<QuestionType, string>> = {
  'value-proposition': 'History of the Value Proposition Canvas: see it at a date, compare, restore',
  'business-model': 'History of the Business Model Canvas: see it at a date, compare, restore',
};

// One lazy dialog per canvas type, made once: the dialog's code loads only when a founder opens the history.
const DIALOGS = new Map<QuestionType, ReturnType<typeof historyDialog>>();
function historyDialog(type: QuestionType) {
  return lazy(async () => {
    const { default: CanvasHistoryDialog } = await import('./CanvasHistoryDialog');
    return { default: ({ onClose }: { onClose: () => void }) => <CanvasHistoryDialog type={type} onClose={onClose} /> };
  });
}

/** The canvas pages' History button and, once pressed, the history dialog. */
export function CanvasHistory({ type }: { type: QuestionType }) {
  let dialog = DIALOGS.get(type);
  if (!dialog) {
    dialog = historyDialog(type);
    DIALOGS.set(type, dialog);
  }
  return (
    <LazyDialogButton label="History" ariaLabel={LABELS[type]} loadingLabel="Loading the history" dialog={dialog} />
  );
}
