import { useId, useState } from 'react';
import { formatQuotedAmounts } from '#shared/domain/money';
import { type ToolFieldKind, type ToolId, toolFieldOf } from '#shared/domain/validate-tools';
import { useFieldPrefill } from '../../../data/journey/tool-prefill-api';
import { AnswerLines } from '../../../ui/AnswerLines';
import { Button } from '../../../ui/Button';
import './tool-prefill.css';

export interface ToolPrefillProps {
  tool: ToolId;
  /** The built-in field's question id (tool-<tool>-<field>). */
  questionId: string;
  /** The field already holds an answer: the sources fold to one line, so they do not crowd what was written. */
  hasAnswer: boolean;
  /** Puts the proposal into the field's editor; the page saves only when the founder does. */
  onUse: (answers: string[]) => void;
}

/** Why a field's sources are shown for reference only: its kind cannot be filled from free text. */
const REFERENCE_ONLY: Partial<Record<ToolFieldKind, string>> = {
  number: 'this field takes one number, so work it out from these and enter it yourself.',
  choice: 'this field takes one of its options, so choose it yourself.',
  rows: 'this field is a table, so fill in its rows yourself.',
};

/**
 * "From your earlier answers" under a tool's field: what the founder already wrote in their canvases, other tools
 * and validation tests that bears on this field, and — when it fits the field — a "Use these" that fills the
 * editor (never a save: the founder confirms or edits first). Nothing shows for a field nothing earlier speaks to.
 */
export function ToolPrefill({ tool, questionId, hasAnswer, onUse }: ToolPrefillProps) {
  const field = toolFieldOf(tool, questionId)?.field;
  const prefill = useFieldPrefill(tool, questionId, (field?.prefill?.length ?? 0) > 0);
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const [used, setUsed] = useState(false);
  const bodyId = useId();
  if (!field) return null;
  if (prefill.isError) {
    return (
      <p className="tool-prefill tool-prefill--failed">
        Your earlier answers for this field could not be loaded.{' '}
        <Button size="sm" variant="ghost" loading={prefill.isFetching} onClick={() => void prefill.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  // The API quotes another sheet's amounts raw ('TAM per year: GBP 71400000'): shown and used as the documents print
  // them ('£71.4 M'), by the one rule of shared/domain/money.ts.
  const sources = (prefill.data?.sources ?? [])
    .filter((s) => s.lines.length > 0)
    .map((s) => ({ ...s, lines: s.lines.map((line) => formatQuotedAmounts(line)) }));
  if (sources.length === 0) return null;
  const proposal = prefill.data?.proposal?.map((answer) => formatQuotedAmounts(answer)) ?? null;
  const open = expanded ?? !hasAnswer;
  return (
    <section className="tool-prefill" aria-label={`From your earlier answers for ${field.label}`}>
      <div className="tool-prefill__head">
        <p className="tool-prefill__title">From your earlier answers</p>
        {open ? null : <p className="tool-prefill__summary">{sources.map((s) => s.from).join(', ')}</p>}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={`${open ? 'Hide' : 'Show'} your earlier answers for ${field.label}`}
          onClick={() => setExpanded(!open)}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </div>
      <div id={bodyId} className="tool-prefill__body" hidden={!open}>
        {sources.map((source) => (
          <div key={source.from} className="tool-prefill__source">
            <p className="tool-prefill__from">{source.from}</p>
            <AnswerLines answers={source.lines} className="tool-prefill__lines" />
          </div>
        ))}
        {proposal ? (
          <div className="tool-prefill__use">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Use these for ${field.label}`}
              onClick={() => {
                onUse(proposal);
                setUsed(true);
              }}
            >
              Use these
            </Button>
            <span>
              {hasAnswer
                ? 'They replace what is in the field. You can edit before saving; nothing is saved until you do.'
                : 'You can edit before saving; nothing is saved until you do.'}
            </span>
          </div>
        ) : (
          <p className="tool-prefill__note">
            For reference: {REFERENCE_ONLY[field.kind] ?? 'write this field in your own words from these.'}
          </p>
        )}
      </div>
      <p className="sr-only" role="status">
        {used ? `Your earlier answers are in ${field.label}: edit them if you like, then save.` : ''}
      </p>
    </section>
  );
}
