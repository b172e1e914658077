/**
 * The founder brief: an investor's one-pager on A4 portrait. Who and what (startup, founder and contact, website,
 * stage, funding, team), the idea, both canvases with their text at 8 pt or more, and the validation tests'
 * outcomes. Each part has a fixed band that together fill the page; text shrinks within its floor to fit its band,
 * and what still does not fit is counted ("+ 3 more answers"), so the brief is always exactly one page.
 */
import {
  ACCENT,
  businessModelItems,
  CANVAS_CREDITS,
  CANVAS_TITLES,
  type CanvasText,
  credit,
  heading,
  INK,
  MARGIN,
  MUTED,
  type SectionAnswers,
  text,
  valuePropositionItems,
  WHITE,
} from './canvas-layout';
import { A4_PORTRAIT, type DrawItem, type FontWeight, type Sheet } from './drawing';
import { type ExportFonts, textWidth } from './export-fonts';
import { type BulletBlock, bulletBlock } from './text-wrap';

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

/** 8 pt in CSS pixels: the smallest text a printed page stays legible at, for every line of the canvases. */
export const MIN_BRIEF_TEXT = (8 * 96) / 72;

const CANVAS_TEXT: CanvasText = { title: 11.5, max: 12, min: MIN_BRIEF_TEXT };
const FACT_SIZE = 12;
const NOT_GIVEN = 'Not given in setup';

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

/** The bands from the top of the page, in CSS pixels; the credit takes the bottom margin. */
const BANDS = { facts: 98, idea: 160, valueProposition: 240, businessModel: 600, tests: 956, toolkit: null } as const;
/** With completed tools, both canvases give up some height to the toolkit block below the tests. */
const BANDS_WITH_TOOLS = { facts: 98, idea: 160, valueProposition: 228, businessModel: 500, tests: 772, toolkit: 856 };

/** A tool's line, cut to one printed line at the brief's smallest size, so all ten tools fit their block. */
function toolLine(fonts: ExportFonts, tool: BriefTool, width: number): string {
  const room = width - textWidth(fonts, '• ', 'regular', MIN_BRIEF_TEXT) - 1;
  return fitLine(fonts, `${tool.title}: ${tool.line}`, 'regular', MIN_BRIEF_TEXT, room);
}

export function briefSheet(content: BriefContent, fonts: ExportFonts): Sheet {
  const tools = content.tools ?? [];
  const bands = tools.length > 0 ? BANDS_WITH_TOOLS : BANDS;
  const { width, height } = A4_PORTRAIT;
  const inner = width - 2 * MARGIN;
  const items: DrawItem[] = [{ kind: 'rect', x: 0, y: 0, w: width, h: height, fill: WHITE }];
  items.push(text(MARGIN, MARGIN + 20, fitLine(fonts, content.startupName, 'bold', 24, inner), 24, 'bold', INK, inner));
  const subtitle = ['Founder brief', content.setup.market, content.date].filter(Boolean).join(' · ');
  items.push(text(MARGIN, MARGIN + 42, fitLine(fonts, subtitle, 'regular', 12, inner), 12, 'regular', ACCENT, inner));
  items.push(...facts(fonts, content, BANDS.facts, inner));

  const block = (
    list: readonly string[],
    empty: string,
    y: number,
    h: number,
    bullets: boolean,
    counted?: BulletBlock['counted'],
  ) =>
    bulletBlock(
      fonts,
      { items: list, empty, colour: INK, mutedColour: MUTED, maxSize: 12, minSize: MIN_BRIEF_TEXT, bullets, counted },
      { x: MARGIN, y, w: inner, h },
    );

  let y = heading(items, 'Idea', bands.idea, inner);
  items.push(
    ...block(content.idea ? [content.idea] : [], 'No idea saved yet', y, bands.valueProposition - y - 8, false),
  );

  y = heading(items, CANVAS_TITLES['value-proposition'], bands.valueProposition, inner);
  items.push(
    ...valuePropositionItems(
      fonts,
      content.valueProposition,
      { x: MARGIN, y, w: inner, h: bands.businessModel - y - 8 },
      0.9,
      CANVAS_TEXT,
    ),
  );

  y = heading(items, CANVAS_TITLES['business-model'], bands.businessModel, inner);
  items.push(
    ...businessModelItems(
      fonts,
      content.businessModel,
      { x: MARGIN, y, w: inner, h: bands.tests - y - 8 },
      0.9,
      CANVAS_TEXT,
    ),
  );

  y = heading(items, 'Validation tests', bands.tests, inner);
  const creditLines = [CANVAS_CREDITS['value-proposition'], CANVAS_CREDITS['business-model']];
  const creditTop = height - MARGIN / 2 - creditLines.length * MIN_BRIEF_TEXT * 1.3 - 12;
  const testsEnd = bands.toolkit === null ? creditTop : bands.toolkit - 6;
  items.push(
    ...block(content.tests.map(testLine), 'No validation tests started yet', y, testsEnd - y, true, [
      'more test',
      'more tests',
    ]),
  );
  if (bands.toolkit !== null) {
    y = heading(items, 'Validate toolkit', bands.toolkit, inner);
    items.push(
      ...block(
        tools.map((t) => toolLine(fonts, t, inner)),
        '',
        y,
        creditTop - y,
        true,
      ),
    );
  }
  items.push(...credit(fonts, creditLines, { width, height }, MIN_BRIEF_TEXT));
  return { width, height, items };
}
