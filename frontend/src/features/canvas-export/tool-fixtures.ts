/** Test answers for every Validate tool, as a founder would save them (rows as JSON arrays of their cells). */
import { formatRow } from '#shared/domain/tool-answers';
import { type ToolId, toolFieldQuestionId } from '#shared/domain/validate-tools';

type Answers = Record<string, readonly string[]>;

const rows = (...list: string[][]) => list.map((cells) => formatRow(cells));

export const TOOL_ANSWERS: Record<ToolId, Answers> = {
  branding: {
    name: ['Compilers Inc'],
    positioning: [
      'For busy parents who cook every night, Compilers is the meal planner that turns a week of dinners into one shopping list, unlike recipe apps.',
    ],
    promise: ['Dinner decided in five minutes.'],
    personality: ['Warm', 'Practical', 'Honest'],
    tagline: ['Plan once, eat all week'],
  },
  'industry-insights': {
    criteria: ['Time to plan', 'Price per week'],
    comparison: rows(
      ['HelloFresh', 'Time to plan', 'No planning, fixed menu', 'Five minutes, your own menu'],
      ['HelloFresh', 'Price per week', '€60', '€10'],
      ['Paper lists', 'Time to plan', 'An hour on Sunday', 'Five minutes, your own menu'],
    ),
    trends: ['Grocery delivery keeps growing', 'Food prices rise faster than wages'],
  },
  swot: {
    strengths: ['A recipe engine we built', 'Two founders who cook'],
    weaknesses: ['No marketing budget'],
    opportunities: ['Parents want less screen time planning'],
    threats: ['Supermarkets launch their own planners'],
  },
  pestel: {
    political: rows(['School meal subsidies', 'Low', 'Fewer dinners to plan on weekdays']),
    economic: rows(['Food inflation', 'High', 'Families look for savings']),
    social: rows(['Both parents work', 'High', 'Less time to plan']),
    technological: rows(['Grocery APIs', 'Medium', 'Orders straight from the list']),
    environmental: rows(['Food waste rules', 'Medium', 'Planning reduces waste']),
    legal: rows(['GDPR', 'Medium', 'Family data kept in the EU']),
  },
  'market-research': {
    method: ['Bottom-up'],
    currency: ['EUR'],
    customers: ['1000000'],
    price: ['120'],
    tam: ['120000000'],
    'tam-source': ['Eurostat household count'],
    'tam-assumption': ['Every family with children pays €10 a month'],
    sam: ['30000000'],
    'sam-source': ['Our three launch countries'],
    'sam-assumption': ['A quarter of them shop online'],
    som: ['1500000'],
    'som-source': ['Our channel tests'],
    'som-assumption': ['5 % of the SAM in three years'],
  },
  'one-pager': {
    problem: ['Parents spend an hour each Sunday planning dinners and still throw food away.'],
    solution: ['A planner that builds the week’s menu and the shopping list in five minutes.'],
    customers: ['Working parents with children under 12.'],
    'market-size': ['TAM EUR 120,000,000 · SAM EUR 30,000,000 · SOM EUR 1,500,000 a year'],
    'business-model': ['€10 a month per family, billed monthly.'],
    traction: ['Customer Interview: 8 of 10 would pay', 'Landing page: 4 % sign-up'],
    team: ['Anna Nowak, CEO: ran a meal-kit startup', 'Ben Ode, CTO: built the recipe engine'],
    ask: ['€500,000 for 18 months: launch in three countries.'],
  },
  'product-requirements': {
    problem: ['Planning dinners for a week takes an hour.'],
    users: ['Parents', 'Teenagers who help cook'],
    'must-haves': ['A week menu in one tap', 'One shopping list'],
    'non-goals': ['Calorie counting'],
    metrics: ['Weekly active families', 'Lists sent to a shop'],
  },
  'path-to-mvp': {
    mvp: ['A web app that plans one week and exports the list.'],
    milestones: rows(
      ['Clickable prototype', '2027-01-15', 'Customer Interview'],
      ['Private beta with 20 families', '2027-03-01', 'Landing page'],
      ['Public launch', '2027-06-01', ''],
    ),
  },
  'market-plan': {
    segments: ['Working parents'],
    channels: ['Instagram', 'School newsletters'],
    currency: ['EUR'],
    plan: rows(
      ['Instagram', 'Working parents', '2000', '200 sign-ups'],
      ['School newsletters', 'Working parents', '500', '50 sign-ups'],
    ),
  },
  'go-to-market': {
    beachhead: ['Parents at three Berlin schools.'],
    pricing: ['€10 a month, first month free.'],
    launch: rows(['Beta at one school', '2027-03-01'], ['All three schools', '2027-05-01']),
    'first-100': ['School newsletters', 'Friends of the beta families'],
  },
};

/** A tool's answers as the API lists them. */
export function toolAnswerViews(tool: ToolId, answers: Answers = TOOL_ANSWERS[tool]) {
  return Object.entries(answers).map(([field, list]) => ({
    questionId: toolFieldQuestionId(tool, field),
    answers: [...list],
  }));
}
