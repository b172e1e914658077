/**
 * Built-in example suggestions per category, shown in the suggestion dialogs when no AI
 * suggestions are stored (spec §9: built in for all 6 and all 9 sections, and per trigger
 * group). Kept apart from the seed bank so the UI loads only these lines.
 */
import type { Category, PhaseType } from './questions';

/**
 * Built-in example suggestions per category, shown when no AI suggestions are stored (spec: 'built in for all 6 and
 * all 9 sections', and per trigger group). Generic patterns a founder can adapt, deliberately not about MealMate.
 */
export const BUILT_IN_SUGGESTIONS: { [T in PhaseType]: Record<Category<T>, string[]> } = {
  trigger: {
    'Customer Jobs': [
      'Get a recurring task done faster',
      'Make a decision with confidence',
      'Keep family, colleagues or clients in the loop',
      'Look competent in front of their team or family',
      'Feel in control of their time and money',
    ],
    'Customer Gains': [
      'Save time every week',
      'Spend less for the same result',
      'Get it right the first time',
      'Have less to think about and remember',
      'Be recognised or respected by others',
      'See progress at a glance',
    ],
    'Customer Pains': [
      'The task takes too long or is too fiddly',
      'Too many choices make deciding hard',
      'Fear of an expensive or embarrassing mistake',
      "Current tools don't work well together",
      'Hidden costs or surprise fees',
      'Feeling stressed or guilty when it goes wrong',
    ],
  },
  'value-proposition': {
    'Customer Jobs': [
      'Finish a routine task with less effort',
      'Choose between options with confidence',
      'Keep others informed and in sync',
      'Be seen as reliable and well organised',
      'Feel calm and in control',
    ],
    'Customer Pains': [
      'Wasting time on repetitive work',
      'Worry about choosing the wrong option',
      'Paying up front before seeing any benefit',
      'Solutions that are hard to learn or set up',
      'Feeling alone with the problem',
    ],
    'Customer Gains': [
      'Results in minutes instead of hours',
      'A lower total cost',
      'Works with the tools they already use',
      'Progress they can show to others',
      'Peace of mind',
    ],
    'Products & Services': [
      'A mobile or web app',
      'A done-for-you service',
      'A starter kit or template',
      'Help with setup and onboarding',
      'Access to experts or a community',
      'Connections to tools they already use',
    ],
    'Pain Relievers': [
      'Automates the most repetitive step',
      'Suggests a sensible default so they need not choose',
      'A free trial or money-back guarantee removes the risk',
      'Guided setup in a few minutes',
      'Reminders before things go wrong',
    ],
    'Gain Creators': [
      'Shows the time or money saved',
      'Delivers a good result on the first try',
      'Tailors the result to their situation',
      'Makes results easy to share',
      'Gets better with every use',
    ],
  },
  'business-model': {
    'Key Partners': [
      'Suppliers of key materials or data',
      'Distribution or retail partners',
      'Technology or platform providers',
      'Industry experts and advisors',
      'Influencers or communities that reach your customers',
    ],
    'Key Activities': [
      'Building and improving the product',
      'Finding and onboarding customers',
      'Customer support',
      'Creating content or stock',
      'Managing partners',
    ],
    'Key Resources': [
      "The founding team's skills and experience",
      'Own technology or data',
      'Brand and community',
      'Funding and cash runway',
      'Partnerships and contracts',
    ],
    'Value Propositions': [
      'Saves time on a frequent task',
      'Costs less than the alternatives',
      'Reduces risk or uncertainty',
      'Everything in one place',
      "Made for one group's specific needs",
    ],
    'Customer Relationships': [
      'Self-service with in-app help',
      'Personal support by email or chat',
      'A community of users helping each other',
      'A dedicated contact for larger customers',
      'Automated, personal reminders',
    ],
    Channels: [
      'Social media and content',
      'Word of mouth and referrals',
      'App stores or online marketplaces',
      'Direct sales',
      'Partners who already reach your customers',
      'Events and local communities',
    ],
    'Customer Segments': [
      'A niche group with a very specific need',
      'Early adopters already using workarounds',
      'Small businesses in one industry',
      'People in a particular life situation',
      'Both sides of a marketplace: buyers and sellers',
    ],
    'Cost Structure': [
      'Salaries and freelancers',
      'Product development',
      'Marketing and winning customers',
      'Hosting, tools and software',
      'Payment, platform or transaction fees',
      'Legal, accounting and insurance',
    ],
    'Revenue Streams': [
      'Monthly or yearly subscription',
      'One-off purchase',
      'Commission on transactions',
      'Pay per use',
      'Free basic version with paid upgrades',
      'Licensing',
    ],
  },
};
