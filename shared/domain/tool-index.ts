/**
 * The Validate tools by name: ids, titles and page slugs, in the sidebar's order. Kept apart from their definitions
 * (validate-tools.ts, which take their names from here) so the sidebar and the paths — in every page's first
 * JavaScript — carry ten names, not ten worksheets.
 */
export const TOOL_IDS = [
  'branding',
  'industry-insights',
  'swot',
  'pestel',
  'market-research',
  'one-pager',
  'product-requirements',
  'path-to-mvp',
  'market-plan',
  'go-to-market',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export interface ToolName {
  id: ToolId;
  title: string;
  /** The page's path segment: /tools/<slug>. */
  slug: string;
}

export const TOOL_INDEX: readonly ToolName[] = [
  { id: 'branding', title: 'Branding', slug: 'branding' },
  { id: 'industry-insights', title: 'Industry Insights', slug: 'industry-insights' },
  { id: 'swot', title: 'SWOT Analysis', slug: 'swot-analysis' },
  { id: 'pestel', title: 'Pestel Analysis', slug: 'pestel-analysis' },
  { id: 'market-research', title: 'Market Research', slug: 'market-research' },
  { id: 'one-pager', title: 'Business One Pager', slug: 'business-one-pager' },
  { id: 'product-requirements', title: 'Product Requirements', slug: 'product-requirements' },
  { id: 'path-to-mvp', title: 'Path To MVP', slug: 'path-to-mvp' },
  { id: 'market-plan', title: 'Market Plan', slug: 'market-plan' },
  { id: 'go-to-market', title: 'Go-to Market Strategy', slug: 'go-to-market-strategy' },
];

export function toolName(id: ToolId): ToolName {
  const name = TOOL_INDEX.find((t) => t.id === id);
  if (!name) throw new Error(`no tool ${id}`);
  return name;
}
