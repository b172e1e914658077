import type { ToolSection as Section, ToolId } from '#shared/domain/validate-tools';
import { toolFieldQuestionId } from '#shared/domain/validate-tools';
import type { Question } from '../../data/journey/journey-api';
import { useToolEmbeds } from '../../lib/tool-embeds';
import { GuidanceQuestion } from './GuidanceQuestion';
import { ToolFieldCard } from './ToolFieldCard';

export interface ToolSectionProps {
  tool: ToolId;
  section: Section;
  /** The section's guidance questions from the coaches, in their order. */
  guidance: readonly Question[];
  /** The saved answers of every question of the tool. */
  answers: ReadonlyMap<string, readonly string[]>;
  currency: string | null;
  /** Each question's number across the tool. */
  numbers: ReadonlyMap<string, number>;
}

const NONE: readonly string[] = [];

/** One section of a tool: its title (and drafted suggestions, when that feature is there), its fields, then the coach's questions. */
export function ToolSection({ tool, section, guidance, answers, currency, numbers }: ToolSectionProps) {
  const { Suggestions } = useToolEmbeds();
  const headingId = `vt-section-${section.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="vt-section" aria-labelledby={headingId}>
      <div className="vt-section__head">
        <h2 id={headingId} className="vt-section__title">
          {section.title}
        </h2>
        {Suggestions ? <Suggestions tool={tool} section={section.title} /> : null}
      </div>
      {section.fields.map((field) => (
        <ToolFieldCard
          key={field.id}
          tool={tool}
          field={field}
          saved={answers.get(toolFieldQuestionId(tool, field.id)) ?? NONE}
          currency={currency}
          number={numbers.get(toolFieldQuestionId(tool, field.id)) ?? null}
        />
      ))}
      {guidance.map((question) => (
        <GuidanceQuestion
          key={question.id}
          tool={tool}
          question={question}
          number={numbers.get(question.id) ?? null}
          saved={answers.get(question.id) ?? NONE}
        />
      ))}
    </section>
  );
}
