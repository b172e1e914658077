import { useId } from 'react';
import type { ToolField } from '#shared/domain/validate-tools';
import { Badge } from '../../ui/Badge';
import '../../ui/question-card.css';

/** The part of a Validate tool's definition a coach reads: the field's kind in a few words. */
export function fieldKindText(field: ToolField): string {
  switch (field.kind) {
    case 'text':
      return 'One line of text';
    case 'paragraph':
      return 'A paragraph';
    case 'list':
      return 'A list of short answers';
    case 'number':
      return field.unit === 'currency'
        ? 'A number, in the sheet’s currency'
        : `A number${field.unit ? ` (${field.unit})` : ''}`;
    case 'choice':
      return `One of: ${(field.options ?? []).join(', ')}`;
    case 'rows':
      return `A table: ${(field.columns ?? []).map((c) => c.label).join(', ')}`;
  }
}

export const BUILT_IN_NOTE = 'Part of the tool: every founder answers it';

/**
 * One of a Validate tool's own fields on its coach page: defined in code (shared/domain/validate-tools.ts), so it is
 * shown read-only — the API refuses to change or delete it — beside the coach's guidance questions.
 */
export function BuiltInFieldItem({ field }: { field: ToolField }) {
  const headingId = useId();
  return (
    <article className="question-card aq-question aq-question--built-in" aria-labelledby={headingId}>
      <h3 id={headingId} className="question-card__text">
        {field.label}
      </h3>
      <p className="aq-built-in__help">{field.help}</p>
      <p className="aq-built-in__meta">
        <Badge variant="outline">{BUILT_IN_NOTE}</Badge>
        <span>{fieldKindText(field)}</span>
      </p>
    </article>
  );
}
