// Types of data-table-ignorer.mjs (plain JavaScript so that Stryker can import it as a plugin).
import type { Ignorer } from '@stryker-mutator/api/ignore';

export declare const DATA_TABLE_IGNORER: string;
export interface TableScope {
  wholeFile: boolean;
  declarations: Set<string>;
}
export declare function parseDataTables(entries: readonly string[]): Map<string, TableScope>;
export declare function dataTableIgnorer(entries: readonly string[], root?: string): Ignorer;
export declare const strykerPlugins: unknown[];
