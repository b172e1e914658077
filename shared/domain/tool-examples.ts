/**
 * Built-in examples per section of each Validate tool, shown when no drafted suggestions are stored (as
 * BUILT_IN_SUGGESTIONS are for the canvases). Generic patterns a founder adapts, about no startup in particular, and
 * with no figures: a number on a founder's sheet must be their own. Kept apart so the UI loads only these lines.
 */
import type { ToolId } from './validate-tools';

/** Keyed by section title (the tool's categories); question-bank.test.ts checks every section has 4 to 6. */
export const TOOL_EXAMPLES: { readonly [T in ToolId]: Readonly<Record<string, readonly string[]>> } = {
  branding: {
    Name: [
      'A name customers can spell after hearing it once',
      'A name that hints at the result, not the technology',
      'A made-up word you can own as a domain and trademark',
      'A name that still fits when you add a second product',
      'A name that reads well in every language you sell in',
    ],
    Positioning: [
      'For busy owners who lose hours to paperwork, we are the assistant that files it for them',
      'Unlike spreadsheets, we catch the mistake before it costs money',
      'The only option built for small teams rather than enterprises',
      'A promise you can keep on every order, not only the best ones',
      'Say the customer’s problem before your product',
    ],
    Voice: [
      'Plain-spoken: short sentences, no jargon',
      'Warm and encouraging, never pushy',
      'Expert but humble: explain, do not lecture',
      'A tagline that says the promise in the customer’s words',
      'Confident about results, honest about limits',
    ],
  },
  'industry-insights': {
    Criteria: [
      'Time it takes to get a result',
      'Total cost over a year',
      'How easy it is to start',
      'How much the customer can trust the result',
      'Support when something goes wrong',
    ],
    Comparison: [
      'The market leader customers name first',
      'The spreadsheet or paper process they use today',
      'A freelancer or agency doing it by hand',
      'Doing nothing and living with the problem',
      'A newer start-up aiming at the same customers',
    ],
    Trends: [
      'Customers expect to do it on their phone',
      'New rules make the old way harder or costlier',
      'Prices of a key input are falling',
      'Buyers care more about sustainability',
      'A platform your customers use is opening up to partners',
    ],
  },
  swot: {
    Strengths: [
      'Know-how the team built over years in this field',
      'Direct access to the first customers',
      'A product that is faster or simpler than the alternatives',
      'Low costs because the team does the work itself',
      'Early evidence from a validation test',
    ],
    Weaknesses: [
      'A small team with no one yet for sales',
      'Dependence on one supplier or platform',
      'Little money before the first revenue',
      'A brand nobody knows yet',
      'Skills the product needs that the team lacks',
    ],
    Opportunities: [
      'A group of customers the big players ignore',
      'A change in rules that favours newcomers',
      'Technology that makes the product cheaper to deliver',
      'Partners who already reach your customers',
      'Customers unhappy with the current market leader',
    ],
    Threats: [
      'A bigger competitor copies the key feature',
      'Customers decide the problem is not worth paying for',
      'A platform you depend on changes its terms',
      'New regulation raises the cost of entry',
      'An economic downturn shrinks customers’ budgets',
    ],
  },
  pestel: {
    Political: [
      'Public funding or grants for the sector',
      'Public purchasing rules for your customers',
      'Trade rules for the goods you import or export',
      'Policy changes after an election',
    ],
    Economic: [
      'Customers’ budgets in a downturn',
      'Interest rates and the cost of borrowing',
      'Inflation in the costs you pay',
      'Exchange rates if you buy or sell abroad',
    ],
    Social: [
      'Habits your customers are changing',
      'Attitudes to sharing data',
      'The age and income of your customers',
      'Trust in new brands versus known ones',
    ],
    Technological: [
      'New technology that lowers your costs',
      'Technology that lets competitors enter easily',
      'Platforms your product depends on',
      'How fast customers adopt new tools',
    ],
    Environmental: [
      'Customers asking for sustainable options',
      'Energy and material costs',
      'Rules on waste, packaging or emissions',
      'Weather or climate risks to your supply',
    ],
    Legal: [
      'Data protection rules for customer data',
      'Licences needed to operate',
      'Liability if the product gets something wrong',
      'Consumer rights and contract terms',
    ],
  },
  'market-research': {
    Method: [
      'Bottom-up: count the customers you can name, times what each pays a year',
      'Top-down: a published market total, narrowed to your segment',
      'Use both and explain the difference between them',
      'State the currency and the year of every figure',
    ],
    'Bottom-up inputs': [
      'A count from a business register or trade association',
      'A count from your own customer interviews or survey',
      'Yearly revenue per customer from your planned price',
      'Write down where each number comes from',
    ],
    'Total addressable market': [
      'Everyone with the problem, if you served them all',
      'Cite a market report or official statistic',
      'State the region and the year the figure covers',
      'Note what must be true for the figure to hold',
    ],
    'Serviceable available market': [
      'Only the customers your channels can reach',
      'Only the regions and languages you serve',
      'Only the customers your price and product fit',
      'Explain which part of the total you left out and why',
    ],
    'Serviceable obtainable market': [
      'The share you can win in three to five years',
      'Base the share on your validation test results',
      'Check it against how many customers your channels bring each month',
      'Compare it with what similar start-ups reached',
    ],
  },
  'one-pager': {
    'Problem and solution': [
      'The problem in one sentence, from the customer’s side',
      'What the problem costs customers today',
      'What you offer, in plain words',
      'Why it relieves the problem better than the alternatives',
    ],
    Market: [
      'The segment you start with and why',
      'TAM, SAM and SOM, one line each with the source',
      'Who pays, how much and how often',
      'How you reach customers',
    ],
    Proof: [
      'Validation test results, with the numbers',
      'Letters of intent or pre-orders',
      'Each founder: name, role and why they can win this',
      'The amount you raise and the milestones it pays for',
    ],
  },
  'product-requirements': {
    'Problem and users': [
      'The job users are trying to get done',
      'What gets in the way today',
      'The main kind of user and the situation they are in',
      'Who buys, if it is not the user',
    ],
    Scope: [
      'Must-have: the one step that relieves the biggest pain',
      'Must-have: what customers need to trust the result',
      'Non-goal: features only a few customers asked for',
      'Non-goal: integrations before the core works',
      'Non-goal: a second platform before the first is used',
    ],
    Success: [
      'Share of users who complete the main task',
      'Time a user takes to get the first result',
      'Users who come back within a week',
      'Customers who pay after the trial',
    ],
  },
  'path-to-mvp': {
    'The MVP': [
      'The smallest product that tests the riskiest assumption',
      'A manual service behind a simple front end',
      'One feature done well for one kind of user',
      'Something a customer would pay for, even if rough',
    ],
    Milestones: [
      'Interviews confirm the problem',
      'A landing page test shows demand',
      'A clickable prototype tested with users',
      'The first paying customers',
      'The MVP used every week by early customers',
    ],
  },
  'market-plan': {
    Targets: [
      'The segment that feels the problem most',
      'The segment you can reach without paid ads',
      'Channels where these customers already look',
      'Partners who already sell to them',
    ],
    Plan: [
      'A budget and a target of sign-ups per channel',
      'Start small in each channel and keep the ones that work',
      'Measure the cost of winning one customer per channel',
      'Review the plan every month against the targets',
    ],
  },
  'go-to-market': {
    Beachhead: [
      'A narrow segment you can name customer by customer',
      'Customers who talk to each other, so word spreads',
      'A price that makes saying yes easy for the first customers',
      'Pricing that can grow as customers get more value',
    ],
    Launch: [
      'Invite the people you interviewed first',
      'Launch to a waiting list before the public',
      'Ask early customers for introductions',
      'Work with one partner who reaches many customers',
      'Where each of the first 100 customers comes from',
    ],
  },
};
