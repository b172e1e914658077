/** Pages one under another on one sheet, for the PNG and the preview of an export that runs over several pages. */
import type { DrawItem, Sheet } from './drawing';

/** The grey band between two pages, in CSS pixels. */
export const PAGE_GAP = 16;
const GAP_FILL = '#e5e7eb';

function moved(item: DrawItem, dy: number): DrawItem {
  switch (item.kind) {
    case 'line':
      return { ...item, y1: item.y1 + dy, y2: item.y2 + dy };
    case 'circle':
      return { ...item, cy: item.cy + dy };
    default:
      return { ...item, y: item.y + dy };
  }
}

/** One sheet as wide as the widest page and as tall as all of them with a band between each two. */
export function stackPages(pages: readonly Sheet[]): Sheet {
  if (pages.length === 1 && pages[0]) return pages[0];
  const width = Math.max(0, ...pages.map((p) => p.width));
  const items: DrawItem[] = [];
  let y = 0;
  for (const [i, page] of pages.entries()) {
    if (i > 0) {
      items.push({ kind: 'rect', x: 0, y, w: width, h: PAGE_GAP, fill: GAP_FILL });
      y += PAGE_GAP;
    }
    items.push(...page.items.map((item) => moved(item, y)));
    y += page.height;
  }
  return { width, height: y, items };
}
