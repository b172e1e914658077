/**
 * The Validate toolkit: ten guided worksheets that carry a founder's canvases into the documents an investor asks
 * for. A tool is data (decision 024): its id, title, layout, sections and their fields, and which earlier answers
 * prefill each field are defined here once. Each tool is a question type (shared/domain/questions.ts) whose
 * built-in questions are its fields — answers, history, coach feedback, progress, the directory and export all
 * work on it as on a canvas — and whose sections are its categories, so coaches add guidance questions to a
 * section through the question management they already use. An eleventh tool is one more entry here (and, at
 * most, a new layout in the frontend); no routes, tables or handlers change.
 */
import { TOOL_IDS, type ToolId, type ToolName, toolName } from './tool-index';

export { TOOL_IDS, type ToolId };

/** How a tool's sheet is drawn (on screen, in the PDF and in the PNG). */
export const TOOL_LAYOUTS = [
  'sizing',
  'comparison',
  'grid',
  'columns',
  'document',
  'one-page',
  'timeline',
  'table',
] as const;
export type ToolLayout = (typeof TOOL_LAYOUTS)[number];

/** A column of a `rows` field; each row is stored as one answer, a JSON array of its cells in column order. */
export interface ToolColumn {
  label: string;
  kind: 'text' | 'number' | 'date' | 'choice';
  options?: readonly string[];
  /** For a number column: the unit printed after it ('currency' is the sheet's own currency field). */
  unit?: ToolUnit;
}

export type ToolUnit = 'currency' | 'customers' | 'percent';

/**
 * A field's kind decides its editor and what a save may hold:
 * text — one line (one answer); paragraph — free text (one answer); list — several short answers;
 * number — one non-negative number with its unit; choice — one of `options`; rows — a table, one answer per row.
 */
export type ToolFieldKind = 'text' | 'paragraph' | 'list' | 'number' | 'choice' | 'rows';

/** Where a field's proposal comes from: answers of earlier phases' categories, another tool's field, or the founder's validation tests. */
export type ToolPrefill =
  | { type: 'trigger' | 'value-proposition' | 'business-model'; categories: readonly string[] }
  | { tool: ToolId; field: string }
  | { source: 'validation-tests' };

export interface ToolField {
  /** Unique inside its tool; the field's question id is toolFieldQuestionId(tool, id). */
  id: string;
  label: string;
  kind: ToolFieldKind;
  /** One sentence a founder reads under the label. */
  help: string;
  options?: readonly string[];
  columns?: readonly ToolColumn[];
  unit?: ToolUnit;
  /** Earlier answers proposed for this field; the founder confirms or edits them, nothing is copied silently. */
  prefill?: readonly ToolPrefill[];
}

export interface ToolSection {
  /** Also the section's question category: coaches' guidance questions of the tool are filed under it. */
  title: string;
  fields: readonly ToolField[];
}

export interface ToolDefinition extends ToolName {
  /** What the founder produces, in one sentence (sidebar tooltip, dashboard, page intro). */
  summary: string;
  layout: ToolLayout;
  sections: readonly ToolSection[];
}

export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN', 'CAD', 'AUD'] as const;
export const SIZING_METHODS = ['Top-down', 'Bottom-up'] as const;
const IMPACTS = ['High', 'Medium', 'Low'] as const;

const pestelSection = (title: string, help: string): ToolSection => ({
  title,
  fields: [
    {
      id: title.toLowerCase(),
      label: `${title} factors`,
      kind: 'rows',
      help,
      columns: [
        { label: 'Factor', kind: 'text' },
        { label: 'Impact', kind: 'choice', options: IMPACTS },
        { label: 'What it means for us', kind: 'text' },
      ],
    },
  ],
});

const sizingSection = (title: string, key: 'tam' | 'sam' | 'som', what: string): ToolSection => ({
  title,
  fields: [
    { id: key, label: `${key.toUpperCase()} per year`, kind: 'number', unit: 'currency', help: what },
    {
      id: `${key}-source`,
      label: 'Source',
      kind: 'paragraph',
      help: 'Where the number comes from: a report, a count, your own survey.',
    },
    {
      id: `${key}-assumption`,
      label: 'Assumption',
      kind: 'paragraph',
      help: 'What must be true for the number to hold.',
    },
  ],
});

export const VALIDATE_TOOLS: readonly ToolDefinition[] = [
  {
    ...toolName('branding'),
    summary: 'Your name, positioning statement, brand promise, personality and tagline.',
    layout: 'document',
    sections: [
      {
        title: 'Name',
        fields: [
          {
            id: 'name',
            label: 'Name',
            kind: 'text',
            help: 'The name customers will say and search for.',
          },
        ],
      },
      {
        title: 'Positioning',
        fields: [
          {
            id: 'positioning',
            label: 'Positioning statement',
            kind: 'paragraph',
            help: 'For [customer] who [need], [name] is the [category] that [key benefit], unlike [alternative].',
            prefill: [
              { type: 'business-model', categories: ['Customer Segments'] },
              { type: 'value-proposition', categories: ['Gain Creators'] },
            ],
          },
          {
            id: 'promise',
            label: 'Brand promise',
            kind: 'paragraph',
            help: 'What every customer can count on, every time.',
            prefill: [{ type: 'value-proposition', categories: ['Pain Relievers'] }],
          },
        ],
      },
      {
        title: 'Voice',
        fields: [
          {
            id: 'personality',
            label: 'Personality',
            kind: 'list',
            help: 'Three to five words for how the brand speaks and acts.',
          },
          {
            id: 'tagline',
            label: 'Tagline',
            kind: 'text',
            help: 'A short line that says the promise in the customer’s words.',
          },
        ],
      },
    ],
  },
  {
    ...toolName('industry-insights'),
    summary: 'Competitors and alternatives compared on what your customers care about, and the trends that move them.',
    layout: 'comparison',
    sections: [
      {
        title: 'Criteria',
        fields: [
          {
            id: 'criteria',
            label: 'What customers care about',
            kind: 'list',
            help: 'The gains and pains that decide which option a customer picks.',
            prefill: [{ type: 'value-proposition', categories: ['Customer Gains', 'Customer Pains'] }],
          },
        ],
      },
      {
        title: 'Comparison',
        fields: [
          {
            id: 'comparison',
            label: 'How the options compare',
            kind: 'rows',
            help: 'One row per competitor or alternative and criterion: how they do, and how you do.',
            columns: [
              { label: 'Competitor or alternative', kind: 'text' },
              { label: 'Criterion', kind: 'text' },
              { label: 'How they do', kind: 'text' },
              { label: 'How we do', kind: 'text' },
            ],
          },
        ],
      },
      {
        title: 'Trends',
        fields: [
          {
            id: 'trends',
            label: 'Trends',
            kind: 'list',
            help: 'Shifts in the market that help or hurt you in the next three years.',
          },
        ],
      },
    ],
  },
  {
    ...toolName('swot'),
    summary: 'Your strengths, weaknesses, opportunities and threats.',
    layout: 'grid',
    sections: [
      {
        title: 'Strengths',
        fields: [
          {
            id: 'strengths',
            label: 'Strengths',
            kind: 'list',
            help: 'What you do better than anyone else, inside your control.',
            // Internal: what the founder has and what the product delivers. A gain customers want is a strength only
            // where a gain creator delivers it, so Customer Gains themselves are no source here.
            prefill: [
              { type: 'business-model', categories: ['Key Resources'] },
              { type: 'value-proposition', categories: ['Gain Creators'] },
            ],
          },
        ],
      },
      {
        title: 'Weaknesses',
        fields: [
          {
            id: 'weaknesses',
            label: 'Weaknesses',
            kind: 'list',
            help: 'What you lack or do worse, inside your control.',
          },
        ],
      },
      {
        title: 'Opportunities',
        fields: [
          {
            id: 'opportunities',
            label: 'Opportunities',
            kind: 'list',
            help: 'Outside changes you can use.',
            // External: what moves in the market. Customer Gains describe what customers want, not a change outside.
            prefill: [{ tool: 'industry-insights', field: 'trends' }],
          },
        ],
      },
      {
        title: 'Threats',
        fields: [{ id: 'threats', label: 'Threats', kind: 'list', help: 'Outside changes that could hurt you.' }],
      },
    ],
  },
  {
    ...toolName('pestel'),
    summary: 'Political, economic, social, technological, environmental and legal factors, and their impact on you.',
    layout: 'columns',
    sections: [
      pestelSection('Political', 'Government policy, subsidies, trade rules.'),
      pestelSection('Economic', 'Interest rates, inflation, what your customers can spend.'),
      pestelSection('Social', 'Habits, demographics, attitudes.'),
      pestelSection('Technological', 'New technology that enables or threatens you.'),
      pestelSection('Environmental', 'Climate, resources, sustainability expectations.'),
      pestelSection('Legal', 'Regulation, licences, data protection, liability.'),
    ],
  },
  {
    ...toolName('market-research'),
    summary: 'TAM, SAM and SOM with your method, each number’s source and assumption, and the calculation shown.',
    layout: 'sizing',
    sections: [
      {
        title: 'Method',
        fields: [
          {
            id: 'method',
            label: 'Method',
            kind: 'choice',
            options: SIZING_METHODS,
            help: 'Top-down starts from a published market total; bottom-up multiplies customers by what each pays.',
          },
          {
            id: 'currency',
            label: 'Currency',
            kind: 'choice',
            options: CURRENCIES,
            help: 'Every amount on this sheet is in this currency, per year.',
          },
        ],
      },
      {
        title: 'Bottom-up inputs',
        fields: [
          {
            id: 'customers',
            label: 'Customers in the whole market',
            kind: 'number',
            unit: 'customers',
            help: 'Bottom-up: how many customers match your segment.',
            prefill: [{ type: 'business-model', categories: ['Customer Segments'] }],
          },
          {
            id: 'price',
            label: 'Revenue per customer per year',
            kind: 'number',
            unit: 'currency',
            help: 'Bottom-up: what one customer pays you in a year.',
            prefill: [{ type: 'business-model', categories: ['Revenue Streams'] }],
          },
        ],
      },
      sizingSection('Total addressable market', 'tam', 'Everyone who has the problem, if you served them all.'),
      sizingSection('Serviceable available market', 'sam', 'The part of the TAM your product and channels can reach.'),
      sizingSection(
        'Serviceable obtainable market',
        'som',
        'The part of the SAM you can win in the next three to five years.',
      ),
    ],
  },
  {
    ...toolName('one-pager'),
    summary:
      'The one-page document an investor reads first: problem, solution, customers, market, model, traction, team and ask.',
    layout: 'one-page',
    sections: [
      {
        title: 'Problem and solution',
        fields: [
          {
            id: 'problem',
            label: 'Problem',
            kind: 'paragraph',
            help: 'The pain, for whom, and what it costs them today.',
            prefill: [{ type: 'trigger', categories: ['Customer Pains'] }],
          },
          {
            id: 'solution',
            label: 'Solution',
            kind: 'paragraph',
            help: 'What you offer and why it relieves the pain.',
            prefill: [{ type: 'value-proposition', categories: ['Products & Services', 'Pain Relievers'] }],
          },
        ],
      },
      {
        title: 'Market',
        fields: [
          {
            id: 'customers',
            label: 'Customers',
            kind: 'paragraph',
            help: 'The segment you start with.',
            prefill: [{ type: 'business-model', categories: ['Customer Segments'] }],
          },
          {
            id: 'market-size',
            label: 'Market size',
            kind: 'paragraph',
            help: 'TAM, SAM and SOM in one line each.',
            prefill: [
              { tool: 'market-research', field: 'tam' },
              { tool: 'market-research', field: 'sam' },
              { tool: 'market-research', field: 'som' },
            ],
          },
          {
            id: 'business-model',
            label: 'Business model',
            kind: 'paragraph',
            help: 'Who pays, how much and how often.',
            prefill: [{ type: 'business-model', categories: ['Revenue Streams'] }],
          },
        ],
      },
      {
        title: 'Proof',
        fields: [
          {
            id: 'traction',
            label: 'Traction',
            kind: 'list',
            help: 'What your validation tests showed, with numbers.',
            prefill: [{ source: 'validation-tests' }],
          },
          { id: 'team', label: 'Team', kind: 'list', help: 'Each founder: name, role and why they can win this.' },
          {
            id: 'ask',
            label: 'The ask',
            kind: 'paragraph',
            help: 'How much you raise, and the milestones it pays for.',
          },
        ],
      },
    ],
  },
  {
    ...toolName('product-requirements'),
    summary: 'The problem, the users, the must-haves, what you will not build, and how you will know it works.',
    layout: 'document',
    sections: [
      {
        title: 'Problem and users',
        fields: [
          {
            id: 'problem',
            label: 'Problem',
            kind: 'paragraph',
            help: 'The job your users are trying to get done and what gets in the way.',
            prefill: [{ type: 'trigger', categories: ['Customer Jobs', 'Customer Pains'] }],
          },
          {
            id: 'users',
            label: 'Users',
            kind: 'list',
            help: 'Who uses the product, one kind of user per line.',
            prefill: [{ type: 'business-model', categories: ['Customer Segments'] }],
          },
        ],
      },
      {
        title: 'Scope',
        fields: [
          {
            id: 'must-haves',
            label: 'Must-haves',
            kind: 'list',
            help: 'What the first version cannot ship without.',
            prefill: [{ type: 'value-proposition', categories: ['Pain Relievers', 'Gain Creators'] }],
          },
          { id: 'non-goals', label: 'Non-goals', kind: 'list', help: 'What you will deliberately not build yet.' },
        ],
      },
      {
        title: 'Success',
        fields: [
          { id: 'metrics', label: 'Success metrics', kind: 'list', help: 'Numbers that tell you the product works.' },
        ],
      },
    ],
  },
  {
    ...toolName('path-to-mvp'),
    summary: 'Milestones with dates, and the validation tests each one depends on.',
    layout: 'timeline',
    sections: [
      {
        title: 'The MVP',
        fields: [
          {
            id: 'mvp',
            label: 'What the MVP is',
            kind: 'paragraph',
            help: 'The smallest product that tests your riskiest assumption.',
            prefill: [{ type: 'value-proposition', categories: ['Products & Services'] }],
          },
        ],
      },
      {
        title: 'Milestones',
        fields: [
          {
            id: 'milestones',
            label: 'Milestones',
            kind: 'rows',
            help: 'One row per milestone, in order.',
            columns: [
              { label: 'Milestone', kind: 'text' },
              { label: 'Date', kind: 'date' },
              { label: 'Depends on', kind: 'text' },
            ],
          },
        ],
      },
    ],
  },
  {
    ...toolName('market-plan'),
    summary: 'Target segments and channels, with a budget and a target for each channel.',
    layout: 'table',
    sections: [
      {
        title: 'Targets',
        fields: [
          {
            id: 'segments',
            label: 'Target segments',
            kind: 'list',
            help: 'The customer segments this plan reaches.',
            prefill: [{ type: 'business-model', categories: ['Customer Segments'] }],
          },
          {
            id: 'channels',
            label: 'Channels',
            kind: 'list',
            help: 'Where these customers hear about you and buy.',
            prefill: [{ type: 'business-model', categories: ['Channels'] }],
          },
          {
            id: 'currency',
            label: 'Currency',
            kind: 'choice',
            options: CURRENCIES,
            help: 'The currency of every budget below.',
          },
        ],
      },
      {
        title: 'Plan',
        fields: [
          {
            id: 'plan',
            label: 'Budget and target per channel',
            kind: 'rows',
            help: 'One row per channel: the segment it reaches, the budget, and the target.',
            columns: [
              { label: 'Channel', kind: 'text' },
              { label: 'Segment', kind: 'text' },
              { label: 'Budget', kind: 'number', unit: 'currency' },
              { label: 'Target', kind: 'text' },
            ],
          },
        ],
      },
    ],
  },
  {
    ...toolName('go-to-market'),
    summary: 'Your beachhead segment, pricing, launch sequence and how you win your first 100 customers.',
    layout: 'document',
    sections: [
      {
        title: 'Beachhead',
        fields: [
          {
            id: 'beachhead',
            label: 'Beachhead segment',
            kind: 'paragraph',
            help: 'The one narrow segment you win first, and why it is reachable.',
            prefill: [{ type: 'business-model', categories: ['Customer Segments'] }],
          },
          {
            id: 'pricing',
            label: 'Pricing',
            kind: 'paragraph',
            help: 'Price, plan and how customers pay.',
            prefill: [{ type: 'business-model', categories: ['Revenue Streams'] }],
          },
        ],
      },
      {
        title: 'Launch',
        fields: [
          {
            id: 'launch',
            label: 'Launch sequence',
            kind: 'rows',
            help: 'One row per step, in order.',
            columns: [
              { label: 'Step', kind: 'text' },
              { label: 'When', kind: 'date' },
            ],
          },
          {
            id: 'first-100',
            label: 'First 100 customers',
            kind: 'list',
            help: 'Where each of your first 100 customers comes from.',
            prefill: [{ type: 'business-model', categories: ['Channels'] }],
          },
        ],
      },
    ],
  },
];

const BY_ID = new Map(VALIDATE_TOOLS.map((tool) => [tool.id, tool]));

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && (TOOL_IDS as readonly string[]).includes(value);
}

export function toolOf(id: ToolId): ToolDefinition {
  const tool = BY_ID.get(id);
  if (!tool) throw new Error(`no tool ${id}`);
  return tool;
}

/** The question id of a built-in field: stable, readable, and never a UUID (a coach's guidance questions are). */
export function toolFieldQuestionId(tool: ToolId, field: string): string {
  return `tool-${tool}-${field}`;
}

export interface ToolFieldRef {
  tool: ToolDefinition;
  section: ToolSection;
  field: ToolField;
  /** The field's place in the tool, from 0: its built-in question's order. */
  order: number;
}

/** Every built-in field of a tool, in sheet order. */
export function toolFields(id: ToolId): ToolFieldRef[] {
  const tool = toolOf(id);
  return tool.sections
    .flatMap((section) => section.fields.map((field) => ({ tool, section, field })))
    .map((ref, order) => ({ ...ref, order }));
}

/** The built-in field a question id names, or null (a coach's guidance question, or no question of the tool). */
export function toolFieldOf(id: ToolId, questionId: string): ToolFieldRef | null {
  return toolFields(id).find((ref) => toolFieldQuestionId(id, ref.field.id) === questionId) ?? null;
}
