/**
 * A Validate tool's sheet, read-only, as its definition lays it out (shared/domain/validate-tools.ts): the founder's
 * preview, the coach's view of a founder's tool and the shared reading all draw it from the same answers. Each
 * section shows its built-in fields, then the answers to the coach's guidance questions filed under it.
 */
import type { Question } from '#shared/domain/questions';
import { parseRow } from '#shared/domain/tool-answers';
import { type ToolDefinition, type ToolField, toolFieldQuestionId } from '#shared/domain/validate-tools';
import { AnswerLines } from '../AnswerLines';
import './tool-sheet.css';

export interface SheetAnswer {
  questionId: string;
  answers: readonly string[];
}

export interface ToolSheetProps {
  tool: ToolDefinition;
  answers: readonly SheetAnswer[];
  /** The coach's guidance questions of the tool (stored questions); their answers follow the fields of their section. */
  guidance?: readonly Question[];
}

function FieldValue({ field, answers }: { field: ToolField; answers: readonly string[] }) {
  if (answers.length === 0) return <p className="tool-sheet__empty">Not filled in yet</p>;
  if (field.kind === 'rows') {
    const columns = field.columns ?? [];
    return (
      <div className="tool-sheet__table-wrap">
        <table className="tool-sheet__table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answers.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows may repeat; their order is their identity.
              <tr key={i}>
                {columns.map((c, j) => (
                  <td key={c.label}>{parseRow(row)?.[j] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if (field.kind === 'list') return <AnswerLines answers={answers} className="tool-sheet__list" />;
  return <p className="tool-sheet__value">{answers.join(' ')}</p>;
}

export function ToolSheet({ tool, answers, guidance = [] }: ToolSheetProps) {
  const byId = new Map(answers.map((a) => [a.questionId, a.answers]));
  return (
    <div className={`tool-sheet tool-sheet--${tool.layout}`} data-layout={tool.layout}>
      {tool.sections.map((section) => (
        <section key={section.title} className="tool-sheet__section" aria-label={section.title}>
          <h3 className="tool-sheet__heading">{section.title}</h3>
          {section.fields.map((field) => (
            <div key={field.id} className="tool-sheet__field">
              <h4 className="tool-sheet__label">{field.label}</h4>
              <FieldValue field={field} answers={byId.get(toolFieldQuestionId(tool.id, field.id)) ?? []} />
            </div>
          ))}
          {guidance
            .filter((q) => q.category === section.title && (byId.get(q.id) ?? []).length > 0)
            .map((q) => (
              <div key={q.id} className="tool-sheet__field">
                <h4 className="tool-sheet__label">{q.text}</h4>
                <AnswerLines answers={byId.get(q.id) ?? []} className="tool-sheet__list" />
              </div>
            ))}
        </section>
      ))}
    </div>
  );
}
