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
}

/**
 * A section's two buttons. The visible words repeat from box to box, so each accessible name starts with them and
 * adds the section ('Questions for Customer Jobs', 'Our Suggestions for Customer Jobs').
 */
export function SectionActions({ section, onQuestions, onSuggestions }: SectionActionsProps) {
  return (
    <div className="canvas-actions">
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Questions for ${section}`}
        aria-haspopup="dialog"
        onClick={() => onQuestions(section)}
      >
        <IconQuestion size={16} />
        Questions
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Our Suggestions for ${section}`}
        aria-haspopup="dialog"
        onClick={() => onSuggestions(section)}
      >
        <IconLightbulb size={16} />
        Our Suggestions
      </Button>
    </div>
  );
}
