import { useEffect, useMemo } from 'react';
import { buildCanvasData, type CanvasState, type CanvasType } from '../../data/journey/canvas-data';
import { useAnswers, useQuestions } from '../../data/journey/journey-api';
import { useToast } from '../../ui/toast/toast-context';
import { CANVAS_TEXT } from './canvas-texts';

/**
 * Questions and the founder's answers of one canvas. A failure to load the questions shows the spec's toast;
 * a failure to load the answers is only logged (spec §8), and the page offers a retry rather than an empty canvas
 * whose first save would replace answers it never saw.
 */
export function useCanvasData(type: CanvasType): CanvasState {
  const questions = useQuestions(type);
  const answers = useAnswers(type);
  const { toast } = useToast();

  useEffect(() => {
    if (!questions.isError) return;
    console.error('Failed to load questions', questions.error);
    toast({ title: CANVAS_TEXT.loadErrorTitle, description: CANVAS_TEXT.loadError, variant: 'destructive' });
  }, [questions.isError, questions.error, toast]);

  useEffect(() => {
    if (answers.isError) console.error('Failed to load answers', answers.error);
  }, [answers.isError, answers.error]);

  const data = useMemo(
    () => (questions.data && answers.data ? buildCanvasData(type, questions.data, answers.data) : undefined),
    [type, questions.data, answers.data],
  );

  if (data) return { status: 'ready', data };
  if (questions.isError) {
    return { status: 'questions-error', retry: () => void questions.refetch(), retrying: questions.isFetching };
  }
  if (answers.isError) {
    return { status: 'answers-error', retry: () => void answers.refetch(), retrying: answers.isFetching };
  }
  return { status: 'loading' };
}
