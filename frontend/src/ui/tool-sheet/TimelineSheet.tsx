import type { ToolField } from '#shared/domain/validate-tools';
import { isTimelineField, milestonesInOrder } from './milestones';
import { EmptyNote, FieldBlock, SheetSection } from './SheetParts';
import { fieldRows, formatDay, type SheetData } from './sheet-data';

function Timeline({ sheet, field }: { sheet: SheetData; field: ToolField }) {
  const milestones = milestonesInOrder(field, fieldRows(sheet, field));
  if (milestones.length === 0) return <EmptyNote>No milestones yet</EmptyNote>;
  return (
    <ol className="tool-sheet__timeline" aria-label={field.label}>
      {milestones.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: milestones may repeat; their place is their identity.
        <li key={i} className="tool-sheet__milestone">
          {m.date ? (
            <time className="tool-sheet__date" dateTime={m.date}>
              {formatDay(m.date)}
            </time>
          ) : (
            <span className="tool-sheet__date tool-sheet__muted">No date yet</span>
          )}
          <p className="tool-sheet__milestone-name">{m.name || 'Unnamed milestone'}</p>
          {m.details.map((d) => (
            <p key={d.label} className="tool-sheet__factor-detail">
              <span className="tool-sheet__muted">{d.label}:</span> {d.text}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}

/** Path To MVP: the MVP in words, then the milestones on a line in date order with what each depends on. */
export function TimelineSheet({ sheet }: { sheet: SheetData }) {
  return (
    <div className="tool-sheet__document">
      {sheet.tool.sections.map((section) => (
        <SheetSection key={section.title} sheet={sheet} section={section}>
          {section.fields.map((field) =>
            isTimelineField(field) ? (
              <Timeline key={field.id} sheet={sheet} field={field} />
            ) : (
              <FieldBlock key={field.id} sheet={sheet} section={section} field={field} />
            ),
          )}
        </SheetSection>
      ))}
    </div>
  );
}
