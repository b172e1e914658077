import { useEffect, useId, useRef, useState } from 'react';
import { refusalOf } from '../../lib/error-message';
import { Button } from '../../ui/Button';
import { QuestionNotes } from '../../ui/QuestionNotes';
import { useToast } from '../../ui/toast/toast-context';
import { VideoDialog } from '../../ui/VideoDialog';
import {
  fieldsOf,
  isComplete,
  type Question,
  type QuestionFields,
  type QuestionType,
  useDeleteQuestion,
  useUpdateQuestion,
} from './admin-api';
import { IconPencil, IconPlay, IconTrash } from './icons';
import { QuestionFieldset } from './QuestionFieldset';
import type { TypeTexts } from './texts';
import { useQuestionCheck } from './use-question-check';
import '../../ui/question-card.css';

export interface AdminQuestionItemProps {
  type: QuestionType;
  texts: TypeTexts;
  question: Question;
}

/** One question as coaches see it: text, explanation, example, video, inline editing and deletion (spec §2). */
export function AdminQuestionItem({ type, texts, question }: AdminQuestionItemProps) {
  const { toast } = useToast();
  const update = useUpdateQuestion(type);
  const remove = useDeleteQuestion(type);
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<QuestionFields>(() => fieldsOf(question));
  const { passes, showErrors, setShowErrors, categoryRef, textRef, videoRef } = useQuestionCheck();
  const [videoOpen, setVideoOpen] = useState(false);
  const headingId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  // Edit moves focus into the form; Save and Cancel give it back to Edit.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (editing) textRef.current?.focus();
    else editRef.current?.focus();
  }, [editing, textRef.current?.focus]);

  const startEditing = () => {
    setFields(fieldsOf(question));
    setShowErrors(false);
    moveFocus.current = true;
    setEditing(true);
  };

  const stopEditing = () => {
    moveFocus.current = true;
    setEditing(false);
  };

  const save = () => {
    if (update.isPending) return;
    if (!passes(fields)) return;
    update.mutate(
      { questionId: question.id, fields },
      {
        onSuccess: () => {
          toast({ title: texts.updated });
          stopEditing();
        },
        onError: (err) => {
          console.error('Could not update the question', err);
          toast({ title: texts.updateFailed, description: refusalOf(err), variant: 'destructive' });
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!window.confirm(texts.confirmDelete)) return;
    remove.mutate(
      { questionId: question.id },
      {
        onSuccess: () => toast({ title: texts.deleted }),
        onError: (err) => {
          console.error('Could not delete the question', err);
          toast({ title: texts.deleteFailed, description: refusalOf(err), variant: 'destructive' });
        },
      },
    );
  };

  if (editing) {
    return (
      <article className="question-card aq-question--editing" aria-labelledby={headingId}>
        <h3 id={headingId} className="sr-only">
          {`Editing: ${question.text}`}
        </h3>
        <form
          className="aq-question__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <QuestionFieldset
            value={fields}
            onChange={setFields}
            categories={texts.categories}
            videoInputType={texts.videoInputType}
            showErrors={showErrors}
            categoryRef={categoryRef}
            textRef={textRef}
            videoRef={videoRef}
          />
          <div className="aq-question__actions">
            <Button variant="secondary" size="sm" onClick={stopEditing} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="sm" loading={update.isPending} aria-disabled={!isComplete(fields) || undefined}>
              Save
            </Button>
          </div>
        </form>
      </article>
    );
  }

  return (
    <article className="question-card aq-question" aria-labelledby={headingId}>
      <h3 id={headingId} className="question-card__text">
        {question.text}
      </h3>
      <QuestionNotes explanation={question.explanation} example={question.example} exampleLabel="Startup Example" />
      <div className="aq-question__actions">
        {question.videoUrl ? (
          <Button variant="secondary" size="sm" onClick={() => setVideoOpen(true)} aria-describedby={headingId}>
            <IconPlay />
            Watch Video
          </Button>
        ) : null}
        <Button ref={editRef} variant="secondary" size="sm" onClick={startEditing} aria-describedby={headingId}>
          <IconPencil />
          Edit
        </Button>
        <Button
          variant="destructive"
          size="sm"
          onClick={confirmDelete}
          loading={remove.isPending}
          aria-describedby={headingId}
        >
          <IconTrash />
          Delete
        </Button>
      </div>
      {question.videoUrl ? (
        <VideoDialog
          open={videoOpen}
          onClose={() => setVideoOpen(false)}
          url={question.videoUrl}
          title={question.text}
        />
      ) : null}
    </article>
  );
}
