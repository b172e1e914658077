/**
 * A Validate tool's sheet, read-only, drawn in its layout (shared/domain/validate-tools.ts `layout`): the founder's
 * preview, the coach's view of a founder's tool and the shared reading all draw it from the same answers. Each
 * section shows its built-in fields, then the answers to the coach's guidance questions filed under it.
 */
import type { ComponentType } from 'react';
import type { Question } from '#shared/domain/questions';
import type { ToolDefinition, ToolLayout } from '#shared/domain/validate-tools';
import { ColumnsSheet } from './ColumnsSheet';
import { ComparisonSheet } from './ComparisonSheet';
import { DocumentSheet } from './DocumentSheet';
import { GridSheet } from './GridSheet';
import { OnePageSheet } from './OnePageSheet';
import { SizingSheet } from './SizingSheet';
import { type SheetAnswer, type SheetData, sheetData } from './sheet-data';
import { TableSheet } from './TableSheet';
import { TimelineSheet } from './TimelineSheet';
import './tool-sheet.css';

export { MarketSizingPanel } from './MarketSizingPanel';
export type { SheetAnswer } from './sheet-data';

export interface ToolSheetProps {
  tool: ToolDefinition;
  answers: readonly SheetAnswer[];
  /** The coach's guidance questions of the tool (stored questions); their answers follow the fields of their section. */
  guidance?: readonly Question[];
}

/** One drawing per layout; a record over every layout, so a new layout does not compile until it is drawn. */
const LAYOUTS: Record<ToolLayout, ComponentType<{ sheet: SheetData }>> = {
  sizing: SizingSheet,
  comparison: ComparisonSheet,
  grid: GridSheet,
  columns: ColumnsSheet,
  document: DocumentSheet,
  'one-page': OnePageSheet,
  timeline: TimelineSheet,
  table: TableSheet,
};

export function ToolSheet({ tool, answers, guidance = [] }: ToolSheetProps) {
  const Layout = LAYOUTS[tool.layout];
  return (
    <div className={`tool-sheet tool-sheet--${tool.layout}`} data-layout={tool.layout}>
      <Layout sheet={sheetData(tool, answers, guidance)} />
    </div>
  );
}
