/**
 * The founder brief: what an investor reads first, on A4 portrait. Who and what (startup, founder and contact,
 * website, stage, funding, team), the idea, both canvases block by block (each block's answers as its own bullets,
 * the Customer Profile beside the Value Map, the canvas's infrastructure beside its offer and customers), the
 * validation tests' outcomes and the completed Validate tools. The parts follow one another down the page, each as
 * long as it needs, so a short brief is one page and a full one continues on a second (or more) rather than cutting
 * or counting answers; every line, the foot included, is 8 pt or more.
 */
import { formatQuotedAmounts } from '#shared/domain/money';
import { ACCENT, CANVAS_CREDITS, CANVAS_TITLES, INK, MARGIN, MUTED, type SectionAnswers, text } from './canvas-layout';
import type { DrawItem, FontWeight, Sheet } from './drawing';
import { type ExportFonts, textWidth } from './export-fonts';
import { type Entry, PageFlow } from './page-flow';

export interface BriefTest {
  name: string;
  /** 'Completed', 'In Progress'. */
  status: string;
  /** 'Success', 'Partial', 'Failure', 'Not Evaluated'. */
  outcome: string;
  notes: string | null;
}

/** The setup wizard's answers as people read them; null where the founder has not given one. */
export interface BriefSetup {
  website: string | null;
  stage: string | null;
  fundingStatus: string | null;
  teamSize: string | null;
  /** 'SaaS · Technology · B2B (businesses)'. */
  market: string | null;
}

/** A Validate tool the founder completed, and its key line (tool-key-lines.ts). */
export interface BriefTool {
  title: string;
  line: string;
}

export interface BriefContent {
  startupName: string;
  date: string;
  founder: { name: string; email: string };
  setup: BriefSetup;
  idea: string | null;
  valueProposition: SectionAnswers;
  businessModel: SectionAnswers;
  tests: readonly BriefTest[];
  /** The completed Validate tools; the brief makes room for its "Validate toolkit" block only when there are some. */
  tools?: readonly BriefTool[];
}

/** 8 pt in CSS pixels: the smallest text a printed page stays legible at, for every line of the brief. */
export const MIN_BRIEF_TEXT = (8 * 96) / 72;

const FACT_SIZE = 12;
const NOT_GIVEN = 'Not given in setup';

/** The canvases' blocks as the brief's two columns show them. */
const CANVAS_COLUMNS: Record<'valueProposition' | 'businessModel', readonly (readonly string[])[]> = {
  valueProposition: [
    ['Customer Jobs', 'Customer Pains', 'Customer Gains'],
    ['Products & Services', 'Pain Relievers', 'Gain Creators'],
  ],
  businessModel: [
    ['Key Partners', 'Key Activities', 'Key Resources', 'Cost Structure'],
    ['Value Propositions', 'Customer Relationships', 'Channels', 'Customer Segments', 'Revenue Streams'],
  ],
};
const COLUMN_TITLES: Record<'valueProposition' | 'businessModel', readonly string[]> = {
  valueProposition: ['Customer Profile', 'Value Map'],
  businessModel: [],
};

/** The line cut to `maxWidth` with an ellipsis: a fact is one line (a 300-character website does not push the page). */
function fitLine(fonts: ExportFonts, value: string, weight: FontWeight, size: number, maxWidth: number): string {
  if (textWidth(fonts, value, weight, size) <= maxWidth) return value;
  const chars = [...value];
  while (chars.length > 1 && textWidth(fonts, `${chars.join('')}…`, weight, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** The facts an investor looks for first, two to a row: a bold label and its value. */
function facts(fonts: ExportFonts, content: BriefContent, top: number, width: number): DrawItem[] {
  const { founder, setup } = content;
  const pairs: [string, string][] = [
    ['Founder', founder.name || NOT_GIVEN],
    ['Contact', founder.email],
    ['Website', setup.website ?? 'No website yet'],
    ['Stage', setup.stage ?? NOT_GIVEN],
    ['Funding', setup.fundingStatus ?? NOT_GIVEN],
    ['Team', setup.teamSize ?? NOT_GIVEN],
  ];
  const column = width / 2;
  const labelWidth = Math.max(...pairs.map(([label]) => textWidth(fonts, `${label}  `, 'bold', FACT_SIZE)));
  const items: DrawItem[] = [];
  for (const [i, [label, value]] of pairs.entries()) {
    const x = MARGIN + (i % 2) * column;
    const y = top + Math.floor(i / 2) * FACT_SIZE * 1.5 + FACT_SIZE;
    const room = column - labelWidth - 12;
    items.push(text(x, y, label, FACT_SIZE, 'bold', MUTED, labelWidth));
    items.push(
      text(x + labelWidth, y, fitLine(fonts, value, 'regular', FACT_SIZE, room), FACT_SIZE, 'regular', INK, room),
    );
  }
  return items;
}

function testLine(test: BriefTest): string {
  const notes = test.notes ? ` — ${test.notes}` : '';
  return `${test.name} (${test.status}): ${test.outcome}${notes}`;
}

const muted = (value: string): Entry => ({ runs: [{ text: value, colour: MUTED }] });
const bullet = (value: string): Entry => ({ runs: [{ text: formatQuotedAmounts(value) }], bullet: true });

/** A paragraph a line at a time: a line break the founder typed stays one. */
const paragraph = (value: string): Entry[] =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ runs: [{ text: formatQuotedAmounts(line) }] }));

/** A canvas block: its name, then each answer its own bullet (or that there is none yet). */
function blockEntries(name: string, answers: readonly string[], first: boolean): Entry[] {
  const label: Entry = {
    runs: [{ text: name, weight: 'bold', colour: ACCENT }],
    keepWithNext: true,
    ...(first ? {} : { spaceBefore: 8 }),
  };
  return [label, ...(answers.length > 0 ? answers.map(bullet) : [muted('No answers yet')])];
}

/** A canvas's blocks in the brief's columns, each answer its own bullet (also the canvas export's "every entry" pages). */
export function canvasColumns(canvas: 'valueProposition' | 'businessModel', answers: SectionAnswers): Entry[][] {
  return CANVAS_COLUMNS[canvas].map((names, c) => {
    const title = COLUMN_TITLES[canvas][c];
    const head: Entry[] = title ? [{ runs: [{ text: title, weight: 'bold', colour: INK }], keepWithNext: true }] : [];
    return [...head, ...names.flatMap((name, i) => blockEntries(name, answers.get(name) ?? [], i === 0 && !title))];
  });
}

export function briefPages(content: BriefContent, fonts: ExportFonts): Sheet[] {
  const tools = content.tools ?? [];
  const subtitle = ['Founder brief', content.setup.market, content.date].filter(Boolean).join(' · ');
  const flow = new PageFlow(fonts, { title: content.startupName, subtitle }, undefined, MIN_BRIEF_TEXT);
  const factRows = 3;
  flow.block(factRows * FACT_SIZE * 1.5 + 4, (top) => facts(fonts, content, top, flow.width));

  flow.heading('Idea');
  flow.entries(content.idea ? paragraph(content.idea) : [muted('No idea saved yet')]);

  flow.heading(CANVAS_TITLES['value-proposition']);
  flow.columns(canvasColumns('valueProposition', content.valueProposition));

  flow.heading(CANVAS_TITLES['business-model']);
  flow.columns(canvasColumns('businessModel', content.businessModel));

  flow.heading('Validation tests');
  flow.entries(
    content.tests.length > 0
      ? content.tests.map((t) => bullet(testLine(t)))
      : [muted('No validation tests started yet')],
  );
  if (tools.length > 0) {
    flow.heading('Validate toolkit');
    flow.entries(tools.map((t) => bullet(`${t.title}: ${t.line}`)));
  }
  flow.gap(8);
  flow.entries([CANVAS_CREDITS['value-proposition'], CANVAS_CREDITS['business-model']].map(muted), MIN_BRIEF_TEXT);
  return flow.sheets();
}
