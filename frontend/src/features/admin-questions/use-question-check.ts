import { useRef, useState } from 'react';
import { useToast } from '../../ui/toast/toast-context';
import { isComplete, type QuestionFields, videoProblem } from './admin-api';
import { INVALID_VIDEO, REQUIRED_FIELDS } from './texts';

/**
 * The add and edit forms' check before sending: required fields first, then the video link (the
 * API's own rule). A failed check shows the field errors, says why in a toast and focuses the field.
 */
export function useQuestionCheck() {
  const { toast } = useToast();
  const [showErrors, setShowErrors] = useState(false);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const videoRef = useRef<HTMLInputElement>(null);

  const passes = (fields: QuestionFields): boolean => {
    if (!isComplete(fields)) {
      setShowErrors(true);
      toast({ title: REQUIRED_FIELDS, variant: 'destructive' });
      (fields.category === '' ? categoryRef : textRef).current?.focus();
      return false;
    }
    const badVideo = videoProblem(fields);
    if (badVideo) {
      setShowErrors(true);
      toast({ title: INVALID_VIDEO, description: badVideo, variant: 'destructive' });
      videoRef.current?.focus();
      return false;
    }
    return true;
  };

  return { passes, showErrors, setShowErrors, categoryRef, textRef, videoRef };
}
