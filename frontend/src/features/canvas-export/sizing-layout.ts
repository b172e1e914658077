/**
 * Market Research's export: the method and currency, the nested TAM ⊃ SAM ⊃ SOM figure with each amount, the worked
 * calculation and its checks (shared/domain/market-sizing.ts, the same function the sheet on screen reads), then
 * every number's source and assumption. The figure prints its amounts by the documents' rule (£71.4 M); the worked
 * calculation and its checks keep the exact figures, as a 0.5 % difference they point out must show.
 */
import { sizeMarket } from '#shared/domain/market-sizing';
import { formatMoney } from '#shared/domain/money';
import { ACCENT, INK, MUTED, TINT, text } from './canvas-layout';
import type { DrawItem, Sheet } from './drawing';
import type { ExportFonts } from './export-fonts';
import type { PageFlow } from './page-flow';
import { ellipsize } from './text-wrap';
import { writeSections } from './tool-blocks';
import { singleValue, type ToolSheetContent } from './tool-content';

const DANGER = '#b91c1c';
const RINGS = [
  { key: 'tam', label: 'TAM', name: 'Total addressable market', r: 130, fill: TINT },
  { key: 'sam', label: 'SAM', name: 'Serviceable available market', r: 88, fill: '#e0e7ff' },
  { key: 'som', label: 'SOM', name: 'Serviceable obtainable market', r: 54, fill: '#c7d2fe' },
] as const;

export function sizingPages(content: ToolSheetContent, fonts: ExportFonts, flow: PageFlow): Sheet[] {
  const value = (id: string) => singleValue(content, id);
  const currency = value('currency');
  const result = sizeMarket({
    method: value('method'),
    currency,
    customers: value('customers'),
    price: value('price'),
    tam: value('tam'),
    sam: value('sam'),
    som: value('som'),
  });
  const amounts = { tam: result.tam, sam: result.sam, som: result.som };
  const shares = { tam: null, sam: result.samShare, som: result.somShare };
  const amount = (n: number | null) => (n === null ? 'Not entered yet' : `${formatMoney(n, currency)} a year`);

  flow.entries([
    {
      runs: [
        {
          text: `Method: ${value('method') ?? 'not chosen yet'} · Currency: ${currency ?? 'not chosen yet'} · Every amount per year`,
          weight: 'bold',
        },
      ],
    },
  ]);
  flow.block(2 * RINGS[0].r + 16, (top) => {
    const bottom = top + 2 * RINGS[0].r + 8;
    const cx = 40 + RINGS[0].r;
    const items: DrawItem[] = [];
    for (const ring of RINGS) {
      items.push({ kind: 'circle', cx, cy: bottom - ring.r, r: ring.r, fill: ring.fill, stroke: ACCENT, lineWidth: 1 });
    }
    for (const [i, ring] of RINGS.entries()) {
      // Each label sits in its ring's band above the next ring; the smallest in its own centre.
      const inner = RINGS[i + 1];
      const y = inner ? bottom - 2 * ring.r + (2 * (ring.r - inner.r)) / 2 : bottom - ring.r;
      const width = inner ? ring.r * 1.4 : ring.r * 1.9;
      const n = amounts[ring.key];
      items.push(text(cx - 12, y - 2, ring.label, 12, 'bold', ACCENT, 40));
      const shown = ellipsize(fonts, n === null ? '–' : formatMoney(n, currency), 'regular', 10, width);
      items.push(text(cx - fonts.regular.width(shown, 10) / 2, y + 12, shown, 10, 'regular', INK, width));
    }
    // The legend beside the figure: each market's name, amount and share of the one around it.
    const x = 40 + 2 * RINGS[0].r + 30;
    const w = flow.width - (x - 40);
    RINGS.forEach((ring, i) => {
      const y = top + 30 + i * 78;
      const share = shares[ring.key];
      items.push(text(x, y, `${ring.label} · ${ring.name}`, 12, 'bold', INK, w));
      items.push(text(x, y + 18, ellipsize(fonts, amount(amounts[ring.key]), 'regular', 12, w), 12, 'regular', INK, w));
      if (share !== null) {
        const of = ring.key === 'sam' ? 'TAM' : 'SAM';
        items.push(text(x, y + 35, `${share} % of the ${of}`, 10.5, 'regular', MUTED, w));
      }
    });
    return items;
  });

  flow.heading('Worked calculation');
  flow.entries(
    result.steps.length > 0
      ? result.steps.map((step) => ({ runs: [{ text: step }], bullet: true }))
      : [{ runs: [{ text: 'Nothing to calculate yet: enter the numbers below.', colour: MUTED }] }],
  );
  flow.heading('Checks');
  flow.entries(
    result.checks.length > 0
      ? result.checks.map((check) => ({
          runs: [
            {
              text: `${check.level === 'error' ? 'Does not add up' : 'Missing'}: ${check.message}`,
              colour: check.level === 'error' ? DANGER : MUTED,
            },
          ],
          bullet: true,
        }))
      : [{ runs: [{ text: `✓ The numbers add up: SOM ≤ SAM ≤ TAM, every amount in ${currency} a year.` }] }],
  );
  writeSections(
    flow,
    content.sections.filter((s) => s.title !== 'Method'),
    currency,
  );
  return flow.sheets();
}
