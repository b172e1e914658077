/**
 * The offline drafter for the Validate tools: every section of every tool, built on the founder's own statements
 * for that section's purpose, within the limits the parsers hold a model to, with no figure the founder did not
 * write, and where nothing is written yet, a line that says where to start.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { TOOL_IDS, type ToolId } from '#shared/domain/validate-tools';
import { draftToolOffline, OFFLINE_TOOL_ITEMS, writeFirst } from './offline-tools';
import { AI_LIMITS } from './port';
import { TOOL_BASIS } from './tool-basis';
import { basisLines, type MaterialAnswer, type ToolMaterial } from './tool-material';

const answer = (type: MaterialAnswer['type'], category: string, ...answers: string[]): MaterialAnswer => ({
  type,
  questionId: `${type}-${category}`,
  category,
  answers,
});

/** A founder with every canvas box answered once or twice, an industry comparison, a sizing and a test. */
const FOUNDER: Omit<ToolMaterial, 'tool'> = {
  idea: 'Same-day bike couriers for independent shops',
  setup: null,
  answers: [
    answer('trigger', 'Customer Jobs', 'Get orders to customers the same day'),
    answer('trigger', 'Customer Gains', 'Happy repeat customers'),
    answer('trigger', 'Customer Pains', 'Parcel services collect too late in the day'),
    answer('value-proposition', 'Customer Jobs', 'Ship local orders'),
    answer('value-proposition', 'Customer Pains', 'Couriers arrive late and lose parcels', 'Vans return empty'),
    answer('value-proposition', 'Customer Gains', 'Orders delivered the same afternoon'),
    answer('value-proposition', 'Products & Services', 'A booking app for shop owners'),
    answer('value-proposition', 'Pain Relievers', 'Live tracking of every parcel'),
    answer('value-proposition', 'Gain Creators', 'A delivery receipt the shop can forward'),
    answer('business-model', 'Key Partners', 'Cargo bike workshops'),
    answer('business-model', 'Key Activities', 'Route planning'),
    answer('business-model', 'Key Resources', 'A fleet of cargo bikes'),
    answer('business-model', 'Customer Relationships', 'A personal account manager'),
    answer('business-model', 'Channels', 'Local retail associations', 'Instagram ads'),
    answer('business-model', 'Customer Segments', 'Independent bookshops'),
    answer('business-model', 'Cost Structure', 'Rider wages'),
    answer('business-model', 'Revenue Streams', 'A fee per delivery'),
    {
      type: 'industry-insights',
      questionId: 'tool-industry-insights-comparison',
      category: 'Comparison',
      answers: ['["Big Parcel Co","Speed","Next day","Same day"]'],
    },
    {
      type: 'market-research',
      questionId: 'tool-market-research-tam',
      category: 'Total addressable market',
      answers: ['1200000'],
    },
    { type: 'market-research', questionId: 'tool-market-research-currency', category: 'Method', answers: ['EUR'] },
  ],
  tests: ['Landing Page Test succeeded: 62 shops signed up'],
  guidance: [],
};

const EMPTY: Omit<ToolMaterial, 'tool'> = { idea: null, setup: null, answers: [], tests: [], guidance: [] };

/** Everything the tool's sections build on, as the drafter reads it (a sheet's figure with its label and currency). */
function everyLine(material: ToolMaterial): string {
  return Object.values(TOOL_BASIS[material.tool])
    .flat()
    .flatMap((basis) => basisLines(material, basis.from))
    .join('\n');
}

describe('the offline tool drafter', () => {
  it.each(TOOL_IDS)('drafts every section of %s from the founder’s own statements, within the limits', (tool) => {
    const drafted = draftToolOffline({ ...FOUNDER, tool });
    expect(Object.keys(drafted)).toEqual([...CATEGORIES[tool]]);
    const founderText = everyLine({ ...FOUNDER, tool });
    for (const [section, items] of Object.entries(drafted)) {
      expect(items.length, section).toBeGreaterThan(0);
      expect(items.length, section).toBeLessThanOrEqual(Math.min(OFFLINE_TOOL_ITEMS, AI_LIMITS.itemsPerCategory));
      expect(new Set(items).size, section).toBe(items.length);
      for (const item of items) {
        expect(item.length, item).toBeLessThanOrEqual(AI_LIMITS.itemChars);
        // Every suggestion quotes the founder; the quotation is their own words, never a template's empty slot.
        const quoted = /“([^”]+)”/.exec(item)?.[1];
        expect(quoted, `${tool} / ${section}: ${item}`).toBeDefined();
        expect(founderText).toContain(quoted);
        expect(item).not.toMatch(/\{q\}|\[|\]|\.\.\./);
        // Numbers are never invented: any figure in a draft is one the founder wrote.
        for (const figure of item.match(/\d+/g) ?? []) expect(founderText).toContain(figure);
      }
    }
  });

  it('builds each section on what it is for: threats from pains and the compared alternatives, plans from channels', () => {
    const swot = draftToolOffline({ ...FOUNDER, tool: 'swot' });
    expect(swot.Threats).toEqual([
      'If someone else solves the pain “Couriers arrive late and lose parcels” first, or more cheaply, customers have less reason to switch to you.',
      'If someone else solves the pain “Parcel services collect too late in the day” first, or more cheaply, customers have less reason to switch to you.',
      'Customers already have “Big Parcel Co”: what if it copies what makes you different?',
      'A change at “Cargo bike workshops”, which you depend on, could cut you off from customers.',
      'Watch who else is working on the pain “Vans return empty”: a funded rival there is your nearest threat.',
    ]);
    // Gains customers want are no opportunity of themselves; the product's gain creators are a strength.
    const outside = [...(swot.Opportunities ?? []), ...(swot.Threats ?? [])].join('\n');
    expect(outside).not.toMatch(/Orders delivered the same afternoon|Happy repeat customers/);
    expect(swot.Opportunities).toContain(
      'Where “Big Parcel Co” leaves customers unhappy, there is room for you: ask them what it gets wrong.',
    );
    expect(swot.Strengths).toContain(
      'You deliver a gain with “A delivery receipt the shop can forward”: a strength where the alternatives fall short.',
    );
    const plan = draftToolOffline({ ...FOUNDER, tool: 'market-plan' });
    expect(plan.Plan?.slice(0, 3)).toEqual([
      'For the channel “Local retail associations”: set a monthly budget and the number of sign-ups it must bring to be worth it.',
      'Budget what “A personal account manager” costs per customer, next to what it costs to win one.',
      'For the channel “Instagram ads”: set a monthly budget and the number of sign-ups it must bring to be worth it.',
    ]);
  });

  it('names what to measure in Market Research and quotes only the founder’s own figures elsewhere', () => {
    const sizing = draftToolOffline({ ...FOUNDER, tool: 'market-research' });
    expect(sizing['Bottom-up inputs']).toEqual([
      'Count how many of the segment “Independent bookshops” there are in the markets you can reach, and note where the count comes from.',
      'Put a yearly figure on the revenue stream “A fee per delivery”: what one customer pays you in a year.',
    ]);
    expect(draftToolOffline({ ...FOUNDER, tool: 'one-pager' }).Market).toContain(
      'Quote your sizing with its source: “TAM per year: EUR 1200000”.',
    );
  });

  it.each(TOOL_IDS)('says what to write first in every section of %s when nothing is written yet', (tool: ToolId) => {
    const drafted = draftToolOffline({ ...EMPTY, tool });
    for (const section of CATEGORIES[tool]) expect(drafted[section]).toEqual([writeFirst(tool, section)]);
  });

  it('names the sources to start from in plain words', () => {
    expect(writeFirst('swot', 'Threats')).toBe(
      'Threats builds on Value Proposition · Customer Pains, Trigger Questions · Customer Pains, Industry Insights · ' +
        'How the options compare, Business Model · Key Partners and Industry Insights · Trends. None of it is written ' +
        'yet: start there, then draft again.',
    );
  });

  it('drafts the same lines from the same material, and long answers only as whole statements', () => {
    const long = `${'Shops lose sales when parcels arrive late. '.repeat(3)}Owners then apologise to every customer by phone.`;
    const material: ToolMaterial = {
      ...EMPTY,
      tool: 'swot',
      answers: [answer('value-proposition', 'Customer Pains', long)],
    };
    expect(draftToolOffline(material)).toEqual(draftToolOffline(material));
    expect(draftToolOffline(material).Threats).toEqual([
      'If someone else solves the pain “Shops lose sales when parcels arrive late” first, or more cheaply, customers have less reason to switch to you.',
      'Watch who else is working on the pain “Owners then apologise to every customer by phone”: a funded rival there is your nearest threat.',
    ]);
  });
});
