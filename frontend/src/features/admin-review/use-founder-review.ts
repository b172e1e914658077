import { refusalOf } from '../../lib/error-message';
import { useOnNewError } from '../../lib/use-on-new-error';
import { useToast } from '../../ui/toast/toast-context';
import { type QuestionType, useCoachFeedback, useFounderAnswers } from './review-api';
import { ANSWERS_FETCH_FAILED } from './texts';

/**
 * What both review dialogs (View Answers and Rate) show of one founder: their answers, numbered as the founder sees
 * them, and the coaches' feedback — both kept live while the dialog is open, so a founder's reply appears without
 * reopening it.
 */
export function useFounderReview(userId: string, type: QuestionType) {
  const { toast } = useToast();
  const answers = useFounderAnswers(userId, type, { live: true });
  const feedback = useCoachFeedback(userId, type, { live: true });
  useOnNewError(answers.error, answers.errorUpdatedAt, (error) => {
    // A failed background refresh keeps what is shown; only a dialog with nothing to show says so.
    if (answers.data !== undefined) return;
    console.error('Could not load the answers', error);
    toast({ title: ANSWERS_FETCH_FAILED, description: refusalOf(error), variant: 'destructive' });
  });
  return { answers, feedback };
}

/** "question 3", or what a removed question is called, in the controls' names ("Rating for question 3"). */
export function questionName(number: number | null): string {
  return number === null ? 'the removed question' : `question ${number}`;
}
