import { type ReactNode, useId, useMemo, useState } from 'react';
import { sortQuestions } from '#shared/domain/questions';
import { isToolId, toolFieldOf } from '#shared/domain/validate-tools';
import { plural } from '#shared/plural';
import { refusalOf } from '../../lib/error-message';
import { toggled } from '../../lib/toggled';
import { useOnNewError } from '../../lib/use-on-new-error';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toast-context';
import { AdminQuestionItem } from './AdminQuestionItem';
import {
  EMPTY_FIELDS,
  isComplete,
  newQuestionId,
  type Question,
  type QuestionFields,
  type QuestionType,
  useAdminQuestions,
  useCreateQuestion,
} from './admin-api';
import { BuiltInFieldItem } from './BuiltInFieldItem';
import { IconChevron, IconPlus } from './icons';
import { QuestionFieldset } from './QuestionFieldset';
import { TYPE_TEXTS, type TypeTexts } from './texts';
import { useQuestionCheck } from './use-question-check';
import './admin-questions.css';

export interface AdminQuestionsPageProps {
  type: QuestionType;
  /**
   * What follows the questions: the review of founders who answered them all (features/admin-review), composed by
   * the route in app/router.tsx, since features do not import each other.
   */
  review?: ReactNode;
}

/**
 * Spec §2 Admin question pages: the questions of one type by category and their authoring, followed by `review`.
 * One component serves the three routes; `key` gives each type fresh state.
 */
export function AdminQuestionsPage({ type, review }: AdminQuestionsPageProps) {
  return <AdminQuestionsContent key={type} type={type} review={review} />;
}

function AdminQuestionsContent({ type, review }: AdminQuestionsPageProps) {
  const texts = TYPE_TEXTS[type];
  // null: closed; '' : opened from 'Add Question'; a category: opened from that category's card.
  const [addFor, setAddFor] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());

  const toggle = (category: string) => setOpen((current) => toggled(current, category));

  return (
    <div className="aq-page">
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        aside={
          <Button onClick={() => setAddFor('')}>
            <IconPlus />
            Add Question
          </Button>
        }
      />
      <QuestionsSection
        type={type}
        texts={texts}
        open={open}
        onToggle={toggle}
        onAdd={(category) => setAddFor(category)}
      />
      {review}
      {addFor !== null ? (
        <AddQuestionDialog
          type={type}
          texts={texts}
          preset={addFor}
          onClose={() => setAddFor(null)}
          onCreated={(question) => {
            setAddFor(null);
            // The new question shows in its card, opened if it was collapsed.
            setOpen((current) => new Set(current).add(question.category));
          }}
        />
      ) : null}
    </div>
  );
}

function QuestionsSection({
  type,
  texts,
  open,
  onToggle,
  onAdd,
}: {
  type: QuestionType;
  texts: TypeTexts;
  open: ReadonlySet<string>;
  onToggle: (category: string) => void;
  onAdd: (category: string) => void;
}) {
  const { toast } = useToast();
  const questions = useAdminQuestions(type);
  useOnNewError(questions.error, questions.errorUpdatedAt, (error) => {
    console.error('Could not load the questions', error);
    toast({ title: texts.fetchFailed, description: refusalOf(error), variant: 'destructive' });
  });

  const byCategory = useMemo(() => {
    const sorted = sortQuestions((questions.data ?? []).filter((q) => q.type === type));
    return texts.categories.map((category) => ({
      category,
      questions: sorted.filter((q) => q.category === category),
    }));
  }, [questions.data, type, texts.categories]);

  if (questions.isPending) {
    return (
      <div className="aq-status" aria-live="polite">
        <Spinner size="lg" label="Loading questions" />
      </div>
    );
  }
  if (questions.isError && !questions.data) {
    return (
      <div className="notice" role="alert">
        <p className="notice__text">{texts.fetchFailed}</p>
        <Button variant="secondary" loading={questions.isFetching} onClick={() => void questions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <section className="aq-categories" aria-label="Questions by category">
      {byCategory.map(({ category, questions: inCategory }) => (
        <CategoryCard
          key={category}
          type={type}
          texts={texts}
          category={category}
          questions={inCategory}
          open={open.has(category)}
          onToggle={() => onToggle(category)}
          onAdd={() => onAdd(category)}
        />
      ))}
    </section>
  );
}

function CategoryCard({
  type,
  texts,
  category,
  questions,
  open,
  onToggle,
  onAdd,
}: {
  type: QuestionType;
  texts: TypeTexts;
  category: string;
  questions: Question[];
  open: boolean;
  onToggle: () => void;
  onAdd: () => void;
}) {
  const headingId = useId();
  const panelId = useId();
  // A Validate tool's own fields come first in the list the API returns; only the guidance questions are editable.
  const builtIn = (q: Question) => (isToolId(type) ? toolFieldOf(type, q.id) : null);
  const fields = questions.flatMap((q) => builtIn(q)?.field ?? []);
  const guidance = questions.filter((q) => !builtIn(q));
  const count = guidance.length;
  const counted =
    fields.length > 0
      ? `${plural(fields.length, 'field')} · ${plural(count, 'guidance question')}`
      : plural(count, 'question');
  return (
    <section className="card aq-category" aria-labelledby={headingId}>
      <div className="aq-category__header">
        <h2 id={headingId} className="aq-category__heading">
          <button
            type="button"
            className="aq-category__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
          >
            <IconChevron
              className={open ? 'aq-category__chevron aq-category__chevron--open' : 'aq-category__chevron'}
            />
            <Badge variant="accent">{category}</Badge>
            <span className="aq-category__count">{counted}</span>
          </button>
        </h2>
        <Button variant="ghost" size="icon" aria-label={`Add question to ${category}`} onClick={onAdd}>
          <IconPlus />
        </Button>
      </div>
      <div id={panelId} className="aq-category__panel" hidden={!open}>
        {fields.map((field) => (
          <BuiltInFieldItem key={field.id} field={field} />
        ))}
        {count === 0 ? (
          <div className="aq-empty">
            <p>{fields.length > 0 ? 'No guidance questions yet' : 'No questions yet'}</p>
            <Button variant="secondary" size="sm" onClick={onAdd} aria-describedby={headingId}>
              <IconPlus />
              Add First Question
            </Button>
          </div>
        ) : (
          guidance.map((question) => (
            <AdminQuestionItem key={question.id} type={type} texts={texts} question={question} />
          ))
        )}
      </div>
    </section>
  );
}

function AddQuestionDialog({
  type,
  texts,
  preset,
  onClose,
  onCreated,
}: {
  type: QuestionType;
  texts: TypeTexts;
  preset: string;
  onClose: () => void;
  onCreated: (question: Question) => void;
}) {
  const { toast } = useToast();
  const create = useCreateQuestion(type);
  const [fields, setFields] = useState<QuestionFields>({ ...EMPTY_FIELDS, category: preset });
  const { passes, showErrors, categoryRef, textRef, videoRef } = useQuestionCheck();
  // One id per dialog: trying again after a failure cannot add the question twice.
  const [id] = useState(newQuestionId);
  const formId = useId();
  const complete = isComplete(fields);

  const submit = () => {
    if (create.isPending) return;
    if (!passes(fields)) return;
    create.mutate(
      { id, fields },
      {
        onSuccess: (question) => {
          toast({ title: texts.added });
          onCreated(question);
        },
        onError: (err) => {
          console.error('Could not add the question', err);
          toast({ title: texts.addFailed, description: refusalOf(err), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Question"
      description={`Add a new ${texts.noun} question. Question Category and Question Text are required.`}
      size="lg"
      // With the category already chosen, typing starts at the question text.
      initialFocusRef={preset ? textRef : categoryRef}
      footer={
        <DialogButtons onCancel={onClose}>
          <Button
            type="submit"
            form={formId}
            loading={create.isPending}
            // Stays focusable and clickable so a click can say what is missing (spec §5).
            aria-disabled={!complete || undefined}
          >
            Create Question
          </Button>
        </DialogButtons>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
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
      </form>
    </Dialog>
  );
}
