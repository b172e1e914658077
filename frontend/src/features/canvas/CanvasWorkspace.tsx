import type { ReactNode } from 'react';
import type { CanvasData, CanvasType } from '../../data/journey/canvas-data';
import { CanvasLoadError, CanvasLoading } from './CanvasStates';
import { QuestionsDialog } from './QuestionsDialog';
import { useCanvasDialog } from './SectionActions';
import { SuggestionsDialog } from './SuggestionsDialog';
import { useCanvasData } from './use-canvas-data';

/** What a canvas layout needs to open a section's dialogs (the props of SectionActions). */
export interface SectionDialogOpeners {
  onQuestions: (section: string) => void;
  onSuggestions: (section: string) => void;
}

export interface CanvasWorkspaceProps {
  type: CanvasType;
  /** Passed on to QuestionsDialog. */
  optimistic?: boolean;
  /** Passed on to QuestionsDialog. */
  allowDeleteAll?: boolean;
  /** The canvas's own layout, drawn once its data has loaded. */
  children: (data: CanvasData, openers: SectionDialogOpeners) => ReactNode;
}

/** Loads a canvas, shows its loading or error state, and owns the questions and suggestions dialogs of its sections. */
export function CanvasWorkspace({ type, optimistic, allowDeleteAll, children }: CanvasWorkspaceProps) {
  const state = useCanvasData(type);
  const { dialog, close, openQuestions, openSuggestions } = useCanvasDialog();

  if (state.status === 'loading') return <CanvasLoading />;
  if (state.status !== 'ready') return <CanvasLoadError state={state} />;
  const { data } = state;
  const questionsSection = dialog?.kind === 'questions' ? dialog.section : null;

  return (
    <>
      {children(data, { onQuestions: openQuestions, onSuggestions: openSuggestions })}

      <QuestionsDialog
        type={type}
        section={questionsSection}
        questions={questionsSection ? (data.questionsBySection.get(questionsSection) ?? []) : []}
        numbers={data.questionNumbers}
        answersByQuestion={data.answersByQuestion}
        timesByQuestion={data.timesByQuestion}
        optimistic={optimistic}
        allowDeleteAll={allowDeleteAll}
        onClose={close}
      />
      <SuggestionsDialog type={type} section={dialog?.kind === 'suggestions' ? dialog.section : null} onClose={close} />
    </>
  );
}
