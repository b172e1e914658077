import { type FormEvent, useRef, useState } from 'react';
import { CUSTOM_TEST_MAX } from '#shared/domain/validation-tests';
import {
  type CustomTestFields,
  useCreateCustomTest,
  useEditCustomTest,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';

export const CUSTOM_TEXTS = {
  addTitle: 'Add your own test',
  editTitle: 'Edit your test',
  description: 'Write down what you believe, how you will check it and what counts as success.',
  name: 'Name',
  hypothesis: 'Hypothesis',
  hypothesisHint: 'What you believe is true, e.g. "Parents pay 20 euros a month for planned meals."',
  method: 'Method',
  methodHint: 'How you will test it: who, where, how many.',
  metric: 'Metric',
  metricHint: 'What you will count or measure.',
  successCriterion: 'Success criterion',
  successHint: 'The result that counts as success, decided before you start.',
  steps: 'Steps',
  stepsHint: `One step per line, in order (at most ${CUSTOM_TEST_MAX.steps}). You check them off as you go.`,
  add: 'Add Test',
  save: 'Save Changes',
  addedTitle: 'Test added',
  added: (name: string) => `${name} is in your tests. Start it when you are ready.`,
  savedTitle: 'Test saved',
  failedTitle: 'Could not save the test',
  failed: 'Something went wrong. Please try again.',
  required: (label: string) => `${label} is required.`,
  noSteps: 'Add at least one step.',
  tooManySteps: `A test can have at most ${CUSTOM_TEST_MAX.steps} steps.`,
  sameSteps: 'Each step must be different.',
} as const;

type Field = keyof CustomTestFields;
type Draft = Record<Field, string>;
type PlanField = Exclude<Field, 'steps'>;

/** The plan's one-line-or-paragraph fields: each required, with its label, its hint and the server's length limit. */
const PLAN_FIELDS: Record<PlanField, { label: string; hint?: string }> = {
  name: { label: CUSTOM_TEXTS.name },
  hypothesis: { label: CUSTOM_TEXTS.hypothesis, hint: CUSTOM_TEXTS.hypothesisHint },
  method: { label: CUSTOM_TEXTS.method, hint: CUSTOM_TEXTS.methodHint },
  metric: { label: CUSTOM_TEXTS.metric, hint: CUSTOM_TEXTS.metricHint },
  successCriterion: { label: CUSTOM_TEXTS.successCriterion, hint: CUSTOM_TEXTS.successHint },
};

const draftOf = (test?: ValidationTestView): Draft => ({
  name: test?.name ?? '',
  hypothesis: test?.custom?.hypothesis ?? '',
  method: test?.custom?.method ?? '',
  metric: test?.custom?.metric ?? '',
  successCriterion: test?.custom?.successCriterion ?? '',
  steps: test?.steps.join('\n') ?? '',
});

const stepsOf = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** The same rules the server applies (shared/contract/validation.ts), said before anything is sent. */
function check(draft: Draft): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const [field, { label }] of Object.entries(PLAN_FIELDS) as [PlanField, { label: string }][]) {
    if (!draft[field].trim()) errors[field] = CUSTOM_TEXTS.required(label);
  }
  const steps = stepsOf(draft.steps);
  if (steps.length === 0) errors.steps = CUSTOM_TEXTS.noSteps;
  else if (steps.length > CUSTOM_TEST_MAX.steps) errors.steps = CUSTOM_TEXTS.tooManySteps;
  else if (new Set(steps.map((s) => s.toLowerCase())).size !== steps.length) errors.steps = CUSTOM_TEXTS.sameSteps;
  else if (steps.some((s) => s.length > CUSTOM_TEST_MAX.step))
    errors.steps = `Each step must be at most ${CUSTOM_TEST_MAX.step} characters.`;
  return errors;
}

/**
 * Adds a test of the founder's own, or edits one (`test`). The new test's id is drawn once when the form opens, so
 * pressing Add again after a lost answer finds the same test instead of making a second.
 */
export function CustomTestDialog({
  test,
  onClose,
  onSaved,
}: {
  test?: ValidationTestView;
  onClose: () => void;
  onSaved: (test: ValidationTestView) => void;
}) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const create = useCreateCustomTest();
  const edit = useEditCustomTest();
  const [id] = useState(() => crypto.randomUUID());
  const [draft, setDraft] = useState<Draft>(() => draftOf(test));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const busy = create.isPending || edit.isPending;
  const formId = `custom-test-form-${id}`;
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // After the errors render: the first field that needs fixing takes focus, its error read with it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const fields: CustomTestFields = {
      name: draft.name.trim(),
      hypothesis: draft.hypothesis.trim(),
      method: draft.method.trim(),
      metric: draft.metric.trim(),
      successCriterion: draft.successCriterion.trim(),
      steps: stepsOf(draft.steps),
    };
    const onError = failed(CUSTOM_TEXTS.failedTitle, CUSTOM_TEXTS.failed);
    if (test) {
      edit.mutate(
        { testId: test.id, fields },
        {
          onSuccess: (saved) => {
            toast({ title: CUSTOM_TEXTS.savedTitle, description: saved.name });
            onSaved(saved);
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { id, fields },
        {
          onSuccess: (saved) => {
            toast({ title: CUSTOM_TEXTS.addedTitle, description: CUSTOM_TEXTS.added(saved.name) });
            onSaved(saved);
          },
          onError,
        },
      );
    }
  };

  const field = (name: Field) => ({ value: draft[name], onChange: set(name), error: errors[name] });
  const planField = (name: PlanField) => ({
    ...PLAN_FIELDS[name],
    maxLength: CUSTOM_TEST_MAX[name],
    required: true,
    ...field(name),
  });

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={test ? CUSTOM_TEXTS.editTitle : CUSTOM_TEXTS.addTitle}
      description={CUSTOM_TEXTS.description}
      size="lg"
      footer={
        <DialogButtons onCancel={onClose} busy={busy}>
          <Button type="submit" form={formId} loading={busy}>
            {test ? CUSTOM_TEXTS.save : CUSTOM_TEXTS.add}
          </Button>
        </DialogButtons>
      }
    >
      <form ref={formRef} id={formId} className="custom-test-form" noValidate onSubmit={onSubmit}>
        <TextField {...planField('name')} />
        <TextAreaField rows={2} {...planField('hypothesis')} />
        <TextAreaField rows={2} {...planField('method')} />
        <TextField {...planField('metric')} />
        <TextField {...planField('successCriterion')} />
        <TextAreaField label={CUSTOM_TEXTS.steps} hint={CUSTOM_TEXTS.stepsHint} rows={5} required {...field('steps')} />
      </form>
    </Dialog>
  );
}
