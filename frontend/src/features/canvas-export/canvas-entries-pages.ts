/**
 * The canvas export's pages after its sheet when a box of the sheet could not hold every answer ("+ 3 more"): every
 * block again, each answer whole as its own bullet, flowing over A4 pages as the founder brief lays the canvases out.
 * The sheet keeps the canvas's shape an investor recognises; these pages make sure nothing the founder wrote is left
 * out of the file they send.
 */
import { canvasColumns, MIN_BRIEF_TEXT } from './brief-layout';
import { CANVAS_CREDITS, CANVAS_TITLES, type ExportCanvasType, type SectionAnswers } from './canvas-layout';
import type { Sheet } from './drawing';
import type { ExportFonts } from './export-fonts';
import { PageFlow } from './page-flow';

/** How many answers the sheet's boxes left out ("+ n more"), 0 when every answer is on it. */
export function leftOutOf(sheet: Sheet): number {
  return sheet.items.reduce((sum, item) => sum + (item.kind === 'text' ? (item.leftOut ?? 0) : 0), 0);
}

export function canvasEntryPages(
  type: ExportCanvasType,
  content: { startupName: string; date: string; answers: SectionAnswers },
  fonts: ExportFonts,
): Sheet[] {
  const title = CANVAS_TITLES[type];
  const flow = new PageFlow(
    fonts,
    { title: content.startupName, subtitle: `${title}: every entry · ${content.date}` },
    undefined,
    MIN_BRIEF_TEXT,
  );
  flow.columns(canvasColumns(type === 'value-proposition' ? 'valueProposition' : 'businessModel', content.answers));
  flow.gap(8);
  flow.entries([{ runs: [{ text: CANVAS_CREDITS[type] }] }], MIN_BRIEF_TEXT);
  return flow.sheets();
}

/** The export's pages: the sheet, then every entry when the sheet had to leave some out. */
export function canvasExportPages(
  sheet: Sheet,
  type: ExportCanvasType,
  content: { startupName: string; date: string; answers: SectionAnswers },
  fonts: ExportFonts,
): Sheet[] {
  return leftOutOf(sheet) > 0 ? [sheet, ...canvasEntryPages(type, content, fonts)] : [sheet];
}
