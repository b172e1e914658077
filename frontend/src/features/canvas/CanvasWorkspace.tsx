import { type ReactNode, useMemo } from 'react';
import type { CanvasData, CanvasType } from '../../data/journey/canvas-data';
import { type BlockPlacement, CanvasBlock } from './CanvasBlock';
import { CanvasLoadError, CanvasLoading } from './CanvasStates';
import { CanvasMovesProvider } from './canvas-moves';
import { QuestionsDialog } from './QuestionsDialog';
import { useCanvasDialog } from './SectionActions';
import { SuggestionsDialog } from './SuggestionsDialog';
import { useCanvasData } from './use-canvas-data';

/** Draws one block of the canvas where a layout places it. */
export type BlockRenderer = (section: string, placement: BlockPlacement) => ReactNode;

export interface CanvasWorkspaceProps {
  type: CanvasType;
  /** The list changes before the server answers, on the canvas and in the questions dialog. */
  optimistic?: boolean;
  /** Passed on to QuestionsDialog. */
  allowDeleteAll?: boolean;
  /** The canvas's own layout, drawn once its data has loaded. */
  children: (data: CanvasData, block: BlockRenderer) => ReactNode;
}

/**
 * Loads a canvas, shows its loading or error state, draws its blocks (entries edited in place) wherever the layout
 * puts them, and owns the questions and suggestions dialogs of its sections.
 */
export function CanvasWorkspace({ type, optimistic = false, allowDeleteAll, children }: CanvasWorkspaceProps) {
  const state = useCanvasData(type);
  const { dialog, close, openQuestions, openSuggestions } = useCanvasDialog();
  const ready = state.status === 'ready' ? state.data : null;
  // The blocks an entry can be moved to: those with questions (an entry goes into a question's list).
  const blocks = useMemo(
    () =>
      (ready?.sections ?? []).flatMap((section) => {
        const questions = ready?.questionsBySection.get(section) ?? [];
        return questions.length > 0 ? [{ section, questions }] : [];
      }),
    [ready?.sections, ready?.questionsBySection],
  );

  if (state.status === 'loading') return <CanvasLoading />;
  if (state.status !== 'ready') return <CanvasLoadError state={state} />;
  const { data } = state;
  const questionsSection = dialog?.kind === 'questions' ? dialog.section : null;
  const block: BlockRenderer = (section, placement) => (
    <CanvasBlock
      key={section}
      type={type}
      section={section}
      data={data}
      optimistic={optimistic}
      onQuestions={openQuestions}
      onSuggestions={openSuggestions}
      {...placement}
    />
  );

  return (
    <CanvasMovesProvider blocks={blocks}>
      {children(data, block)}

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
    </CanvasMovesProvider>
  );
}
