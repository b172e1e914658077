import { useCallback, useState } from 'react';
import { Button } from '../../ui/Button';
import { IconLightbulb, IconQuestion } from '../../ui/icons';

export type CanvasDialogState = { kind: 'questions' | 'suggestions'; section: string } | null;

/** Which of the page's two dialogs is open, and for which section. */
export function useCanvasDialog() {
  const [dialog, setDialog] = useState<CanvasDialogState>(null);
  const close = useCallback(() => setDialog(null), []);
  const openQuestions = useCallback((section: string) => setDialog({ kind: 'questions', section }), []);
  const openSuggestions = useCallback((section: string) => setDialog({ kind: 'suggestions', section }), []);
  return { dialog, close, openQuestions, openSuggestions };
}

export interface SectionActionsProps {
  section: string;
  onQuestions: (section: string) => void;
  onSuggestions: (section: string) => void;
  /** Icons only (their names and tooltips keep the words), for a block on the canvas where room is short. */
  compact?: boolean;
}

/**
 * A section's two buttons. The visible words repeat from box to box, so each accessible name starts with them and
 * adds the section ('Questions for Customer Jobs', 'Our Suggestions for Customer Jobs').
 */
export function SectionActions({ section, onQuestions, onSuggestions, compact = false }: SectionActionsProps) {
  const size = compact ? 'icon' : 'sm';
  return (
    <div className={compact ? 'canvas-actions canvas-actions--compact' : 'canvas-actions'}>
      <Button
        size={size}
        variant="secondary"
        aria-label={`Questions for ${section}`}
        title={compact ? `Questions for ${section}: guidance and every answer` : undefined}
        aria-haspopup="dialog"
        onClick={() => onQuestions(section)}
      >
        <IconQuestion size={16} />
        {compact ? null : 'Questions'}
      </Button>
      <Button
        size={size}
        variant="ghost"
        aria-label={`Our Suggestions for ${section}`}
        title={compact ? `Our Suggestions for ${section}` : undefined}
        aria-haspopup="dialog"
        onClick={() => onSuggestions(section)}
      >
        <IconLightbulb size={16} />
        {compact ? null : 'Our Suggestions'}
      </Button>
    </div>
  );
}
