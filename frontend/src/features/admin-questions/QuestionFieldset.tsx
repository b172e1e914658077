import type { Ref } from 'react';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { type QuestionFields, videoProblem } from './admin-api';

export const CATEGORY_MISSING = 'Question category is required.';
export const TEXT_MISSING = 'Question text is required.';
export const VIDEO_HINT = 'A YouTube, Vimeo or Loom video link.';

export interface QuestionFieldsetProps {
  value: QuestionFields;
  onChange: (next: QuestionFields) => void;
  categories: readonly string[];
  videoInputType: 'url' | 'text';
  /** Set after a submit with a required field missing or a bad video link: those fields then say so. */
  showErrors: boolean;
  categoryRef?: Ref<HTMLSelectElement>;
  textRef?: Ref<HTMLTextAreaElement>;
  videoRef?: Ref<HTMLInputElement>;
}

/** The five fields of a question (spec §2 Add Question), shared by the add dialog and inline editing. */
export function QuestionFieldset({
  value,
  onChange,
  categories,
  videoInputType,
  showErrors,
  categoryRef,
  textRef,
  videoRef,
}: QuestionFieldsetProps) {
  const set = (field: keyof QuestionFields) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
  const categoryError = showErrors && value.category === '' ? CATEGORY_MISSING : undefined;
  const textError = showErrors && value.text.trim() === '' ? TEXT_MISSING : undefined;
  const videoError = (showErrors && videoProblem(value)) || undefined;
  return (
    <div className="aq-fields">
      <SelectField
        ref={categoryRef}
        label="Question Category"
        placeholder="Select a category"
        options={categories.map((c) => ({ value: c, label: c }))}
        value={value.category}
        onChange={set('category')}
        required
        error={categoryError}
      />
      <TextAreaField
        ref={textRef}
        label="Question Text"
        rows={3}
        placeholder="Enter the question founders will answer"
        value={value.text}
        onChange={set('text')}
        required
        error={textError}
      />
      <TextAreaField
        label="Question Explanation"
        rows={3}
        placeholder="Explain what the question is about (optional)"
        value={value.explanation}
        onChange={set('explanation')}
      />
      <TextAreaField
        label="Startup Example"
        rows={3}
        placeholder="Show how a startup might answer (optional)"
        value={value.example}
        onChange={set('example')}
      />
      <TextField
        ref={videoRef}
        label="Explanatory Video URL"
        type={videoInputType}
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.youtube.com/watch?v=..."
        value={value.videoUrl}
        onChange={set('videoUrl')}
        hint={VIDEO_HINT}
        error={videoError}
      />
    </div>
  );
}
