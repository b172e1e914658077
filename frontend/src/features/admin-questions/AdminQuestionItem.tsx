import { useId } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { QuestionNotes } from '../../ui/QuestionNotes';
import { VideoDialog } from '../../ui/VideoDialog';
import { isComplete, type Question, type QuestionType } from './admin-api';
import { IconPencil, IconPlay, IconTrash } from './icons';
import { QuestionFieldset } from './QuestionFieldset';
import type { TypeTexts } from './texts';
import { useQuestionItem } from './use-question-item';
import '../../ui/question-card.css';

export interface AdminQuestionItemProps {
  type: QuestionType;
  texts: TypeTexts;
  question: Question;
}

/** One question as coaches see it: text, explanation, example, video, inline editing and deletion (spec §2). */
export function AdminQuestionItem({ type, texts, question }: AdminQuestionItemProps) {
  const item = useQuestionItem(type, texts, question);
  const { check } = item;
  const headingId = useId();

  if (item.editing) {
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
            item.save();
          }}
        >
          <QuestionFieldset
            value={item.fields}
            onChange={item.setFields}
            categories={texts.categories}
            videoInputType={texts.videoInputType}
            showErrors={check.showErrors}
            categoryRef={check.categoryRef}
            textRef={check.textRef}
            videoRef={check.videoRef}
          />
          <div className="aq-question__actions">
            <Button variant="secondary" size="sm" onClick={item.stopEditing} disabled={item.saving}>
              Cancel
            </Button>
            <Button type="submit" size="sm" loading={item.saving} aria-disabled={!isComplete(item.fields) || undefined}>
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
          <Button variant="secondary" size="sm" onClick={() => item.setVideoOpen(true)} aria-describedby={headingId}>
            <IconPlay />
            Watch Video
          </Button>
        ) : null}
        <Button
          ref={item.editRef}
          variant="secondary"
          size="sm"
          onClick={item.startEditing}
          aria-describedby={headingId}
        >
          <IconPencil />
          Edit
        </Button>
        {/* Named for its question: a screen reader's list of buttons reads "Delete question: …", not "Delete" thrice. */}
        <Button
          variant="destructive"
          size="sm"
          onClick={item.askToDelete}
          loading={item.deleting}
          aria-label={`Delete question: ${question.text}`}
        >
          <IconTrash />
          Delete
        </Button>
      </div>
      {question.videoUrl ? (
        <VideoDialog
          open={item.videoOpen}
          onClose={() => item.setVideoOpen(false)}
          url={question.videoUrl}
          title={question.text}
        />
      ) : null}
      <ConfirmDialog
        open={item.confirmingDelete}
        description={texts.confirmDelete(question.text)}
        confirmLabel="Delete question"
        busy={item.deleting}
        onConfirm={item.deleteQuestion}
        onCancel={item.cancelDelete}
      />
    </article>
  );
}
