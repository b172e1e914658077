/**
 * What each section of each Validate tool builds on, and how the offline drafter turns one of the founder's statements
 * from there into a suggestion for that section's purpose. A section's bases include every prefill source of its
 * fields (validate-tools.ts; tool-basis.test.ts holds the two together) and more: SWOT's Threats, which no field
 * prefills, builds on the customers' pains and the alternatives the founder compared. The model's prompt names the
 * same bases, so a provider change does not change what a section is drafted from.
 *
 * A frame's `{q}` becomes one statement of the founder's, in quotation marks, set in apposition ("the pain “…”") so
 * a noun phrase and a whole clause read equally well. Frames carry no figures: where a section needs a number (a
 * market size, a budget, a date) the frame says what to measure or decide.
 */
import type { ToolId } from '#shared/domain/validate-tools';
import type { Basis } from './tool-material';

export interface SectionBasis {
  from: Basis;
  frames: readonly [string, ...string[]];
}

const trigger = (...categories: string[]): Basis => ({ type: 'trigger', categories });
const vp = (...categories: string[]): Basis => ({ type: 'value-proposition', categories });
const bm = (...categories: string[]): Basis => ({ type: 'business-model', categories });
const TESTS: Basis = { source: 'validation-tests' };

const PAINS = [
  'If someone else solves the pain “{q}” first, or more cheaply, customers have less reason to switch to you.',
  'Watch who else is working on the pain “{q}”: a funded rival there is your nearest threat.',
] as const;

const PESTEL_LEGAL = 'Which licences, contracts or liability rules apply to “{q}”, and who checks them?';

/** Keyed by section title (the tool's categories); every section of every tool has an entry. */
export const TOOL_BASIS: { readonly [T in ToolId]: Readonly<Record<string, readonly SectionBasis[]>> } = {
  branding: {
    Name: [
      { from: { source: 'idea' }, frames: ['A name that hints at “{q}” tells customers what you do before they ask.'] },
      {
        from: vp('Products & Services'),
        frames: [
          'Try names built from the words customers use for “{q}”; check each is free as a domain and trademark.',
        ],
      },
    ],
    Positioning: [
      {
        from: bm('Customer Segments'),
        frames: ['For the segment “{q}”: say in one sentence what you do for them that their current option does not.'],
      },
      {
        from: vp('Gain Creators'),
        frames: ['Make “{q}” the key benefit of your positioning statement, in the words your customers use.'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Promise what “{q}” means for every customer, every time, and only what you can keep.'],
      },
    ],
    Voice: [
      {
        from: vp('Customer Gains'),
        frames: ['Customers who want “{q}” should hear it in your tagline, said the way they would say it.'],
      },
      {
        from: bm('Customer Relationships'),
        frames: ['Choose personality words that fit the relationship you described: “{q}”.'],
      },
    ],
  },
  'industry-insights': {
    Criteria: [
      { from: vp('Customer Gains'), frames: ['How well each option delivers the gain “{q}”.'] },
      { from: vp('Customer Pains'), frames: ['How much of the pain “{q}” each option leaves the customer with.'] },
      { from: trigger('Customer Pains'), frames: ['How much of the pain “{q}” each option leaves the customer with.'] },
    ],
    Comparison: [
      {
        from: vp('Products & Services'),
        frames: ['Name what customers use today instead of “{q}”, and compare the two on each criterion.'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Set your pain reliever “{q}” against what each alternative offers for the same pain.'],
      },
      {
        from: bm('Customer Segments'),
        frames: ['Ask the segment “{q}” what they use today: each answer is a row of this comparison.'],
      },
    ],
    Trends: [
      {
        from: vp('Customer Pains'),
        frames: [
          'Look for a shift that makes the pain “{q}” more pressing in the next three years, or makes it vanish.',
        ],
      },
      {
        from: bm('Key Resources'),
        frames: ['Watch whether “{q}” gets cheaper or easier for newcomers to get: that trend helps or hurts you.'],
      },
    ],
  },
  swot: {
    Strengths: [
      {
        from: bm('Key Resources'),
        frames: ['“{q}” is a strength if a competitor could not get it quickly: say why they could not.'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['You relieve a pain with “{q}”: a strength where the alternatives do not.'],
      },
      {
        from: vp('Gain Creators'),
        frames: ['You deliver a gain with “{q}”: a strength where the alternatives fall short.'],
      },
      { from: TESTS, frames: ['Evidence you can point to: “{q}”.'] },
    ],
    Weaknesses: [
      {
        from: bm('Key Partners'),
        frames: ['You depend on the partner “{q}”: what happens if they change their terms or leave?'],
      },
      {
        from: bm('Cost Structure'),
        frames: ['The cost “{q}” weighs on you before revenue comes in: how long can you carry it?'],
      },
      {
        from: bm('Key Activities'),
        frames: ['Which part of the activity “{q}” can your team not yet do well on its own?'],
      },
    ],
    // Opportunities and Threats are outside the founder's control (market, trends, competitors, regulation); what
    // customers want is no opportunity by itself, so Customer Gains feed neither.
    Opportunities: [
      {
        from: { tool: 'industry-insights', field: 'trends' },
        frames: ['The trend “{q}” opens a door if you move before the established players do.'],
      },
      {
        from: { tool: 'industry-insights', field: 'comparison', column: 0 },
        frames: ['Where “{q}” leaves customers unhappy, there is room for you: ask them what it gets wrong.'],
      },
      {
        from: bm('Customer Segments'),
        frames: ['Is the segment “{q}” growing, or changing in a way that opens a door for you?'],
      },
    ],
    Threats: [
      { from: vp('Customer Pains'), frames: PAINS },
      { from: trigger('Customer Pains'), frames: PAINS },
      {
        from: { tool: 'industry-insights', field: 'comparison', column: 0 },
        frames: ['Customers already have “{q}”: what if it copies what makes you different?'],
      },
      {
        from: bm('Key Partners'),
        frames: ['A change at “{q}”, which you depend on, could cut you off from customers.'],
      },
      {
        from: { tool: 'industry-insights', field: 'trends' },
        frames: ['If the trend “{q}” turns against you, what would you lose first?'],
      },
    ],
  },
  pestel: {
    Political: [
      {
        from: bm('Customer Segments'),
        frames: ['Which public rules, subsidies or purchasing terms apply when you sell to the segment “{q}”?'],
      },
      {
        from: bm('Key Partners'),
        frames: ['Does the partner “{q}” rely on public funding or policy that could change?'],
      },
    ],
    Economic: [
      { from: bm('Revenue Streams'), frames: ['If your customers’ budgets shrink, do they still pay for “{q}”?'] },
      { from: bm('Cost Structure'), frames: ['How would inflation or interest rates move the cost “{q}”?'] },
    ],
    Social: [
      {
        from: vp('Customer Jobs'),
        frames: ['Which habits decide whether customers keep doing the job “{q}” themselves or hand it over?'],
      },
      { from: vp('Customer Gains'), frames: ['Is wanting the gain “{q}” spreading, and among whom?'] },
    ],
    Technological: [
      {
        from: bm('Key Resources'),
        frames: ['Which new technology could make “{q}” cheaper for you, or for a competitor?'],
      },
      {
        from: vp('Products & Services'),
        frames: ['What technology does “{q}” rely on, and how fast is it changing?'],
      },
    ],
    Environmental: [
      {
        from: bm('Key Activities'),
        frames: [
          'What does the activity “{q}” use up in energy, travel or materials, and could customers ask you to cut it?',
        ],
      },
      {
        from: vp('Products & Services'),
        frames: ['Do customers expect “{q}” to be sustainable, and can you show that it is?'],
      },
    ],
    Legal: [
      { from: vp('Products & Services'), frames: [PESTEL_LEGAL] },
      {
        from: bm('Key Resources'),
        frames: ['What personal data does “{q}” hold, and which data-protection rules apply to it?'],
      },
    ],
  },
  'market-research': {
    Method: [
      {
        from: bm('Customer Segments'),
        frames: [
          'If you can count the segment “{q}”, size the market bottom-up: how many there are times what one pays a year.',
        ],
      },
      {
        from: bm('Revenue Streams'),
        frames: [
          'Top-down needs a published market total that covers “{q}”; bottom-up needs only your count and price.',
        ],
      },
    ],
    'Bottom-up inputs': [
      {
        from: bm('Customer Segments'),
        frames: [
          'Count how many of the segment “{q}” there are in the markets you can reach, and note where the count comes from.',
        ],
      },
      {
        from: bm('Revenue Streams'),
        frames: ['Put a yearly figure on the revenue stream “{q}”: what one customer pays you in a year.'],
      },
    ],
    'Total addressable market': [
      {
        from: vp('Customer Pains'),
        frames: [
          'Everyone who has the pain “{q}”, wherever they are: count them and multiply by what one would pay a year.',
        ],
      },
      {
        from: bm('Customer Segments'),
        frames: ['All of the segment “{q}”, with no limit of place or channel: find a count you can cite.'],
      },
    ],
    'Serviceable available market': [
      {
        from: bm('Channels'),
        frames: ['Only the customers the channel “{q}” reaches: measure what share of the total that is.'],
      },
      {
        from: bm('Customer Segments'),
        frames: ['The part of the segment “{q}” your product serves now: in your language, region and price range.'],
      },
    ],
    'Serviceable obtainable market': [
      { from: TESTS, frames: ['Base the share you can win on what your test showed: “{q}”.'] },
      {
        from: bm('Channels'),
        frames: [
          'Measure how many customers the channel “{q}” brings each month: that rate over three to five years is your share.',
        ],
      },
    ],
  },
  'one-pager': {
    'Problem and solution': [
      {
        from: trigger('Customer Pains'),
        frames: ['Lead with the pain “{q}”: who has it, and what it costs them today.'],
      },
      {
        from: vp('Customer Pains'),
        frames: ['Lead with the pain “{q}”: who has it, and what it costs them today.'],
      },
      { from: vp('Products & Services'), frames: ['Then the solution, “{q}”, and how it takes that pain away.'] },
      { from: vp('Pain Relievers'), frames: ['Show in one sentence how “{q}” relieves the pain.'] },
    ],
    Market: [
      {
        from: bm('Customer Segments'),
        frames: ['Name the segment you start with, “{q}”, and why they buy first.'],
      },
      { from: { tool: 'market-research', field: 'tam' }, frames: ['Quote your sizing with its source: “{q}”.'] },
      { from: { tool: 'market-research', field: 'sam' }, frames: ['Quote your sizing with its source: “{q}”.'] },
      { from: { tool: 'market-research', field: 'som' }, frames: ['Quote your sizing with its source: “{q}”.'] },
      { from: bm('Revenue Streams'), frames: ['Say who pays for “{q}”, how much and how often.'] },
    ],
    Proof: [
      { from: TESTS, frames: ['Show your traction as it happened: “{q}”.'] },
      {
        from: bm('Key Resources'),
        frames: ['Tie the team to “{q}”: who brings it, and why that lets you win.'],
      },
    ],
  },
  'product-requirements': {
    'Problem and users': [
      {
        from: trigger('Customer Jobs'),
        frames: ['Users are trying to get the job “{q}” done: describe what gets in the way today.'],
      },
      { from: trigger('Customer Pains'), frames: ['A problem to solve first: “{q}”.'] },
      { from: vp('Customer Pains'), frames: ['A problem to solve first: “{q}”.'] },
      { from: bm('Customer Segments'), frames: ['A kind of user to design for: “{q}”.'] },
    ],
    Scope: [
      {
        from: vp('Pain Relievers'),
        frames: ['Must-have if the first version cannot ship without it: “{q}”.'],
      },
      {
        from: vp('Gain Creators'),
        frames: ['Must-have only if customers would pay for it now, else later: “{q}”.'],
      },
      {
        from: vp('Products & Services'),
        frames: ['Anything beyond the smallest version of “{q}” is a non-goal for now.'],
      },
    ],
    Success: [
      {
        from: vp('Customer Gains'),
        frames: [
          'Measure whether customers get the gain “{q}”: pick the number that shows it and record it before launch.',
        ],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Count how often “{q}” actually happens for a customer each week.'],
      },
    ],
  },
  'path-to-mvp': {
    'The MVP': [
      {
        from: vp('Products & Services'),
        frames: ['The smallest version of “{q}” a customer would use: what can you leave out?'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Test the riskiest assumption first: do customers want “{q}” enough to try it?'],
      },
    ],
    Milestones: [
      { from: TESTS, frames: ['A milestone after the test “{q}”: what its result lets you build next.'] },
      {
        from: bm('Key Activities'),
        frames: ['A milestone for the activity “{q}”: when it is done, and which test it depends on.'],
      },
      {
        from: vp('Products & Services'),
        frames: ['The first usable version of “{q}”: set a date and the test it depends on.'],
      },
    ],
  },
  'market-plan': {
    Targets: [
      {
        from: bm('Customer Segments'),
        frames: ['Reach the segment “{q}” first where they already look for a solution.'],
      },
      { from: bm('Channels'), frames: ['Plan the channel “{q}”: which of your segments does it reach?'] },
    ],
    Plan: [
      {
        from: bm('Channels'),
        frames: [
          'For the channel “{q}”: set a monthly budget and the number of sign-ups it must bring to be worth it.',
        ],
      },
      {
        from: bm('Customer Relationships'),
        frames: ['Budget what “{q}” costs per customer, next to what it costs to win one.'],
      },
    ],
  },
  'go-to-market': {
    Beachhead: [
      {
        from: bm('Customer Segments'),
        frames: ['The segment “{q}” could be your beachhead if you can name and reach the first of them yourself.'],
      },
      {
        from: bm('Revenue Streams'),
        frames: ['Price “{q}” so the first customers say yes quickly, and note what you would charge later.'],
      },
      { from: TESTS, frames: ['Start where the evidence is strongest: “{q}”.'] },
    ],
    Launch: [
      {
        from: bm('Channels'),
        frames: ['Your first customers can come through “{q}”: decide how many it must bring, and by when.'],
      },
      {
        from: bm('Customer Relationships'),
        frames: ['A launch step: set up “{q}” before the first customers arrive.'],
      },
      { from: bm('Key Partners'), frames: ['A launch step: ask “{q}” to introduce you to their customers.'] },
    ],
  },
};
