/**
 * What each section of each Validate tool builds on, and how the offline drafter turns one of the founder's statements
 * from there into a suggestion for that section's purpose. A section's bases include every prefill source of its
 * fields (validate-tools.ts; tool-basis.test.ts holds the two together) and more: SWOT's Threats, which no field
 * prefills, builds on the customers' pains and the alternatives the founder compared. The model's prompt names the
 * same bases, so a provider change does not change what a section is drafted from.
 *
 * A frame's `{c}` becomes one statement of the founder's as a clause (offline-tools.ts: a noun phrase gets the verb
 * its basis implies, "customers struggle with late couriers"), set into the sentence rather than quoted (issue 36);
 * a frame that opens with it capitalises it. Frames carry no figures: where a section needs a number (a market
 * size, a budget, a date) the frame says what to measure or decide.
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
  'Because {c}, a rival who solves that pain first, or more cheaply, leaves customers less reason to switch to you.',
  'Because {c}, a funded rival working on the same pain is your nearest threat.',
] as const;

const PESTEL_LEGAL = 'Because {c}, list the licences, contracts or liability rules that apply, and who checks them.';

/** Keyed by section title (the tool's categories); every section of every tool has an entry. */
export const TOOL_BASIS: { readonly [T in ToolId]: Readonly<Record<string, readonly SectionBasis[]>> } = {
  branding: {
    Name: [
      {
        from: { source: 'idea' },
        frames: ['Because {c}, a name that hints at it tells customers what you do before they ask.'],
      },
      {
        from: vp('Products & Services'),
        frames: [
          'Because {c}, try names built from the words customers use for it, and check each is free as a domain and trademark.',
        ],
      },
    ],
    Positioning: [
      {
        from: bm('Customer Segments'),
        frames: ['Because {c}, say in one sentence what you do for them that their current option does not.'],
      },
      {
        from: vp('Gain Creators'),
        frames: [
          'Because {c}, make that the key benefit of your positioning statement, in the words your customers use.',
        ],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Because {c}, promise what that means for every customer, every time, and only what you can keep.'],
      },
    ],
    Voice: [
      {
        from: vp('Customer Gains'),
        frames: ['Because {c}, your tagline should say it the way your customers would.'],
      },
      {
        from: bm('Customer Relationships'),
        frames: ['Because {c}, choose personality words that fit that relationship.'],
      },
    ],
  },
  'industry-insights': {
    Criteria: [
      {
        from: vp('Customer Gains'),
        frames: ['Because {c}, one criterion is how well each option delivers that gain.'],
      },
      {
        from: vp('Customer Pains'),
        frames: ['Because {c}, one criterion is how much of that pain each option leaves the customer.'],
      },
      {
        from: trigger('Customer Pains'),
        frames: ['Because {c}, one criterion is how much of that pain each option leaves the customer.'],
      },
    ],
    Comparison: [
      {
        from: vp('Products & Services'),
        frames: ['Because {c}, name what customers use today instead, and compare the two on each criterion.'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Because {c}, set that against what each alternative offers for the same pain.'],
      },
      {
        from: bm('Customer Segments'),
        frames: [
          'Because {c}, ask those customers what they use today, since each answer is a row of this comparison.',
        ],
      },
    ],
    Trends: [
      {
        from: vp('Customer Pains'),
        frames: [
          'Because {c}, look for a shift that makes that pain more pressing in the next three years, or makes it vanish.',
        ],
      },
      {
        from: bm('Key Resources'),
        frames: [
          'Because {c}, watch whether that gets cheaper or easier for newcomers to get, since the trend helps or hurts you.',
        ],
      },
    ],
  },
  swot: {
    Strengths: [
      {
        from: bm('Key Resources'),
        frames: ['{c}, which is a strength if a competitor could not get the same quickly.'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['{c}, which is a strength where the alternatives do not do the same.'],
      },
      {
        from: vp('Gain Creators'),
        frames: ['{c}, which is a strength where the alternatives fall short.'],
      },
      { from: TESTS, frames: ['{c}, which is evidence you can show.'] },
    ],
    Weaknesses: [
      {
        from: bm('Key Partners'),
        frames: ['{c}, so your plans depend on a partner who could change their terms or leave.'],
      },
      {
        from: bm('Cost Structure'),
        frames: ['{c}, and that cost weighs on you before any revenue arrives.'],
      },
      {
        from: bm('Key Activities'),
        frames: ['{c}, and any part of it your team cannot yet do well alone is a weakness.'],
      },
    ],
    // Opportunities and Threats are outside the founder's control (market, trends, competitors, regulation); what
    // customers want is no opportunity by itself, so Customer Gains feed neither.
    Opportunities: [
      {
        from: { tool: 'industry-insights', field: 'trends' },
        frames: ['Because {c}, moving before the established players do is an opportunity.'],
      },
      {
        from: { tool: 'industry-insights', field: 'comparison', column: 0 },
        frames: ['Because {c}, ask them what it gets wrong, since where it leaves them unhappy there is room for you.'],
      },
      {
        from: bm('Customer Segments'),
        frames: ['{c}, and if that segment is growing or changing, it opens a door for you.'],
      },
    ],
    Threats: [
      { from: vp('Customer Pains'), frames: PAINS },
      { from: trigger('Customer Pains'), frames: PAINS },
      {
        from: { tool: 'industry-insights', field: 'comparison', column: 0 },
        frames: ['{c}, and that option could copy what makes you different.'],
      },
      {
        from: bm('Key Partners'),
        frames: ['{c}, so a change at that partner could cut you off from customers.'],
      },
      {
        from: { tool: 'industry-insights', field: 'trends' },
        frames: ['Because {c}, know what you would lose first if that trend turned against you.'],
      },
    ],
  },
  pestel: {
    Political: [
      {
        from: bm('Customer Segments'),
        frames: ['Because {c}, check which public rules, subsidies or purchasing terms apply when you sell to them.'],
      },
      {
        from: bm('Key Partners'),
        frames: ['Because {c}, check whether that partner relies on public funding or policy that could change.'],
      },
    ],
    Economic: [
      {
        from: bm('Revenue Streams'),
        frames: ['Because {c}, ask whether customers still pay for it when their budgets shrink.'],
      },
      {
        from: bm('Cost Structure'),
        frames: ['Because {c}, work out how inflation or interest rates would move that cost.'],
      },
    ],
    Social: [
      {
        from: vp('Customer Jobs'),
        frames: ['Because {c}, habits decide whether customers keep doing that job themselves or hand it over.'],
      },
      {
        from: vp('Customer Gains'),
        frames: ['Because {c}, watch whether wanting that gain is spreading, and among whom.'],
      },
    ],
    Technological: [
      {
        from: bm('Key Resources'),
        frames: ['Because {c}, new technology could make that cheaper for you, or for a competitor.'],
      },
      {
        from: vp('Products & Services'),
        frames: ['Because {c}, note what technology it relies on and how fast that is changing.'],
      },
    ],
    Environmental: [
      {
        from: bm('Key Activities'),
        frames: [
          'Because {c}, count what that uses up in energy, travel or materials, since customers could ask you to cut it.',
        ],
      },
      {
        from: vp('Products & Services'),
        frames: ['Because {c}, customers may expect it to be sustainable, so be ready to show that it is.'],
      },
    ],
    Legal: [
      { from: vp('Products & Services'), frames: [PESTEL_LEGAL] },
      {
        from: bm('Key Resources'),
        frames: ['Because {c}, note what personal data it holds and which data-protection rules apply.'],
      },
    ],
  },
  'market-research': {
    Method: [
      {
        from: bm('Customer Segments'),
        frames: [
          'Because {c}, size the market bottom-up if you can count them: how many there are times what one pays a year.',
        ],
      },
      {
        from: bm('Revenue Streams'),
        frames: [
          'Because {c}, top-down needs a published market total that covers it, while bottom-up needs only your count and price.',
        ],
      },
    ],
    'Bottom-up inputs': [
      {
        from: bm('Customer Segments'),
        frames: [
          'Because {c}, count how many of them there are in the markets you can reach, and note the source of the count.',
        ],
      },
      {
        from: bm('Revenue Streams'),
        frames: ['Because {c}, put a yearly figure on what one customer pays you for it.'],
      },
    ],
    'Total addressable market': [
      {
        from: vp('Customer Pains'),
        frames: [
          'Because {c}, count everyone who has that pain, wherever they are, and multiply by what one would pay a year.',
        ],
      },
      {
        from: bm('Customer Segments'),
        frames: ['Because {c}, find a count of all of them, with no limit of place or channel, that you can cite.'],
      },
    ],
    'Serviceable available market': [
      {
        from: bm('Channels'),
        frames: ['Because {c}, measure what share of the total that channel reaches.'],
      },
      {
        from: bm('Customer Segments'),
        frames: [
          'Because {c}, measure the part of them your product serves now, in your language, region and price range.',
        ],
      },
    ],
    'Serviceable obtainable market': [
      { from: TESTS, frames: ['Because {c}, base the share you can win on what that test showed.'] },
      {
        from: bm('Channels'),
        frames: [
          'Because {c}, measure how many customers that channel brings each month, since that rate over three to five years is your share.',
        ],
      },
    ],
  },
  'one-pager': {
    'Problem and solution': [
      {
        from: trigger('Customer Pains'),
        frames: ['Lead with the problem that {c}, and say who has it and what it costs them today.'],
      },
      {
        from: vp('Customer Pains'),
        frames: ['Lead with the problem that {c}, and say who has it and what it costs them today.'],
      },
      {
        from: vp('Products & Services'),
        frames: ['Then show the solution, since {c}, and how it takes that pain away.'],
      },
      { from: vp('Pain Relievers'), frames: ['Show in one sentence how the pain goes away, since {c}.'] },
    ],
    Market: [
      {
        from: bm('Customer Segments'),
        frames: ['Because {c}, name them as the segment you start with, and say why they buy first.'],
      },
      {
        from: { tool: 'market-research', field: 'tam' },
        frames: ['Because {c}, quote the total market with its source.'],
      },
      {
        from: { tool: 'market-research', field: 'sam' },
        frames: ['Because {c}, quote the market you can serve with its source.'],
      },
      {
        from: { tool: 'market-research', field: 'som' },
        frames: ['Because {c}, quote the share you can win with its source.'],
      },
      { from: bm('Revenue Streams'), frames: ['Because {c}, say who pays, how much and how often.'] },
    ],
    Proof: [
      { from: TESTS, frames: ['{c}, which is traction to show just as it happened.'] },
      {
        from: bm('Key Resources'),
        frames: ['Because {c}, say who on the team brings it, and why that lets you win.'],
      },
    ],
  },
  'product-requirements': {
    'Problem and users': [
      {
        from: trigger('Customer Jobs'),
        frames: ['Because {c}, describe what gets in the way of that job today.'],
      },
      { from: trigger('Customer Pains'), frames: ['A problem to solve first is that {c}.'] },
      { from: vp('Customer Pains'), frames: ['A problem to solve first is that {c}.'] },
      { from: bm('Customer Segments'), frames: ['Because {c}, design the first version for those users.'] },
    ],
    Scope: [
      {
        from: vp('Pain Relievers'),
        frames: ['Because {c}, it is a must-have if the first version cannot ship without it.'],
      },
      {
        from: vp('Gain Creators'),
        frames: ['Because {c}, it is a must-have only if customers would pay for it now, else it can wait.'],
      },
      {
        from: vp('Products & Services'),
        frames: ['Because {c}, anything beyond its smallest version is a non-goal for now.'],
      },
    ],
    Success: [
      {
        from: vp('Customer Gains'),
        frames: ['Because {c}, pick the number that shows customers get that gain, and record it before launch.'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Because {c}, count how often it actually happens for a customer each week.'],
      },
    ],
  },
  'path-to-mvp': {
    'The MVP': [
      {
        from: vp('Products & Services'),
        frames: ['Because {c}, find the smallest version a customer would use, and what you can leave out.'],
      },
      {
        from: vp('Pain Relievers'),
        frames: ['Because {c}, test the riskiest assumption first, that customers want it enough to try it.'],
      },
    ],
    Milestones: [
      { from: TESTS, frames: ['Because {c}, set a milestone for what that result lets you build next.'] },
      {
        from: bm('Key Activities'),
        frames: ['Because {c}, set a milestone for when that is done, and the test that must come first.'],
      },
      {
        from: vp('Products & Services'),
        frames: ['Because {c}, set a date for its first usable version, and the test that must come first.'],
      },
    ],
  },
  'market-plan': {
    Targets: [
      {
        from: bm('Customer Segments'),
        frames: ['Because {c}, reach them first where they already look for a solution.'],
      },
      { from: bm('Channels'), frames: ['Because {c}, plan which of your segments that channel reaches.'] },
    ],
    Plan: [
      {
        from: bm('Channels'),
        frames: [
          'Because {c}, set a monthly budget for that channel and the number of sign-ups it must bring to be worth it.',
        ],
      },
      {
        from: bm('Customer Relationships'),
        frames: ['Because {c}, budget what that costs per customer, next to what it costs to win one.'],
      },
    ],
  },
  'go-to-market': {
    Beachhead: [
      {
        from: bm('Customer Segments'),
        frames: ['Because {c}, they could be your beachhead if you can name and reach the first of them yourself.'],
      },
      {
        from: bm('Revenue Streams'),
        frames: ['Because {c}, price it so the first customers say yes quickly, and note what you would charge later.'],
      },
      { from: TESTS, frames: ['Because {c}, start where that evidence is strongest.'] },
    ],
    Launch: [
      {
        from: bm('Channels'),
        frames: ['Because {c}, decide how many first customers that channel must bring, and by when.'],
      },
      {
        from: bm('Customer Relationships'),
        frames: ['Because {c}, set that up before the first customers arrive.'],
      },
      { from: bm('Key Partners'), frames: ['Because {c}, ask that partner to introduce you to their customers.'] },
    ],
  },
};
