/**
 * The default question bank: the questions and built-in suggestions every new installation starts with, so founders
 * never meet an empty phase. It is seeded at local start-up and on the first deploy; seeding is idempotent by id, so
 * a question that already exists is left alone. After that the questions belong to the coaches, who edit, add and
 * delete them on the admin pages; this file is only the starting point.
 *
 * Every example answer comes from the same fictional startup, MealMate (an app that plans weekly meals for busy
 * parents), so a founder can follow one coherent story from the first trigger question to the revenue streams.
 *
 * Ids are written out by hand ('seed-<type>-<category-slug>-<n>') rather than derived from position: a question
 * inserted in the middle later must not shift the ids of the ones that are already seeded. Never reuse a number.
 */
import type { Category, QuestionType } from './questions';

export interface SeedQuestion<T extends QuestionType = QuestionType> {
  /** Stable id, e.g. 'seed-trigger-customer-jobs-1'; seeding is idempotent by id. */
  id: string;
  type: T;
  category: Category<T>;
  text: string;
  explanation: string;
  example: string;
  videoUrl: string | null;
}

/** What an author writes for one question; the helpers below add id, type and category. */
interface SeedContent {
  text: string;
  explanation: string;
  example: string;
  videoUrl?: string | null;
}

/** 'Products & Services' -> 'products-services'. */
function slug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function seed<T extends QuestionType>(
  type: T,
  category: Category<T>,
  n: number,
  content: SeedContent,
): SeedQuestion<T> {
  return {
    id: `seed-${type}-${slug(category)}-${n}`,
    type,
    category,
    text: content.text,
    explanation: content.explanation,
    example: content.example,
    videoUrl: content.videoUrl ?? null,
  };
}

function trigger(category: Category<'trigger'>, n: number, content: SeedContent): SeedQuestion<'trigger'> {
  return seed('trigger', category, n, content);
}

function vp(
  category: Category<'value-proposition'>,
  n: number,
  content: SeedContent,
): SeedQuestion<'value-proposition'> {
  return seed('value-proposition', category, n, content);
}

function bmc(category: Category<'business-model'>, n: number, content: SeedContent): SeedQuestion<'business-model'> {
  return seed('business-model', category, n, content);
}

// ---------------------------------------------------------------------------------------------------------------------
// Trigger questions: 27 in three groups of nine (the emails promise '27 trigger questions in 3 stages').
// ---------------------------------------------------------------------------------------------------------------------

const TRIGGER_QUESTIONS: readonly SeedQuestion<'trigger'>[] = [
  // Customer Jobs
  trigger('Customer Jobs', 1, {
    text: 'What is the main task your customer is trying to get done when they run into the problem you want to solve?',
    explanation:
      "Start with the job, not with your product. Describe it in your customer's own words, as something they do, e.g. 'get dinner on the table' rather than 'use a meal planner'.",
    example:
      "Getting a healthy dinner on the table every weeknight without spending the whole weekend planning it. The parents we interviewed call it 'the 5 pm panic': deciding what to cook, checking what's in the fridge and cooking it before the kids melt down.",
  }),
  trigger('Customer Jobs', 2, {
    text: 'When and where does this job come up: what has just happened, and who else is involved?',
    explanation:
      'Context changes what a good solution looks like. A job done on a phone in a busy kitchen needs something very different from the same job done at a quiet desk.',
    example:
      "It comes up twice: on Sunday evening, when one parent sits down to plan the week and write a shopping list, and again around 5 pm on weekdays, when everyone is tired, the kids are hungry and the plan has fallen apart. Usually one parent carries it while the other asks 'what's for dinner?'",
  }),
  trigger('Customer Jobs', 3, {
    text: 'How often does your customer face this job, and how much time or effort does it take each time?',
    explanation:
      'Frequent, effortful jobs are worth solving; a job that comes up once a year rarely carries a business. Put rough numbers on it, even if they are estimates from your interviews.',
    example:
      'Every single day for dinner, plus one big planning and shopping session a week. The 24 parents we spoke to spend about 90 minutes a week planning and writing lists, and another hour or two shopping.',
  }),
  trigger('Customer Jobs', 4, {
    text: 'How does your customer get this job done today: what tools, tricks or workarounds do they use?',
    explanation:
      'Your real competition is whatever people do today, even if that is a notebook or nothing at all. Workarounds are good news: they show the job matters enough for people to put effort into it.',
    example:
      'A mix of recipe websites, screenshots, a notes app for the shopping list and the family group chat. Most families fall back on the same five or six meals on rotation, and order takeout two or three nights a week when the plan fails.',
  }),
  trigger('Customer Jobs', 5, {
    text: 'How does your customer want to be seen by others while doing this job?',
    explanation:
      'These are social jobs: the impression people want to make on family, friends, colleagues or a boss. They often drive buying decisions more than people admit, so listen for them in interviews.',
    example:
      'They want to be seen as parents who have it together and feed their kids well, by their partner, by other parents at school and by the grandparents. Several told us they feel judged when the kids mention chicken nuggets for the third time in a week.',
  }),
  trigger('Customer Jobs', 6, {
    text: 'How does your customer want to feel before, during and after getting this job done?',
    explanation:
      'Emotional jobs are about peace of mind, confidence or pride. Naming them helps you design something people enjoy using, not just something that works.',
    example:
      'Before: calm, knowing the week is sorted. During: relaxed in the kitchen instead of rushing. After: proud that the family ate something healthy together, and free of guilt about yet another takeout night.',
  }),
  trigger('Customer Jobs', 7, {
    text: 'Which smaller steps does the main job break down into, from start to finish?',
    explanation:
      'Walk through the job step by step, the way your customer experiences it. The step where they get stuck or give up is often where your best opportunity lies.',
    example:
      "Check what's already at home, pick meals everyone will eat, work around one child's nut allergy, write the shopping list, shop or order, then cook each night. Picking the meals and writing the list are where parents lose the most time and patience.",
  }),
  trigger('Customer Jobs', 8, {
    text: 'What related jobs does your customer have to handle around the main one?',
    explanation:
      'Supporting jobs, such as comparing options, buying or tidying up afterwards, can be as painful as the main job. They also show you where you could grow later.',
    example:
      'Sticking to a weekly food budget, using up leftovers before they go off, packing school lunches and agreeing with their partner on who shops and who cooks.',
  }),
  trigger('Customer Jobs', 9, {
    text: 'Which of these jobs matters most to your customer, and what makes you sure?',
    explanation:
      'Rank the jobs by how important they are to your customer, not to you. Back the ranking with evidence: what people said, what they already pay for or how much time they already spend.',
    example:
      'Deciding what to cook for the week matters most: 19 of the 24 parents we interviewed named it as the hardest part, ahead of shopping and cooking. Several already pay for recipe boxes they find too expensive, which shows the job is worth money to them.',
  }),

  // Customer Gains
  trigger('Customer Gains', 1, {
    text: "What result would make your customer say 'that was worth it'?",
    explanation:
      "Describe the outcome your customer wants, not the features you plan to build. Be concrete: a saved hour or a calmer evening is far easier to design for than 'a better experience'.",
    example:
      'A week where dinner just happens: the plan is made, the groceries are in the fridge and everyone eats something healthy, without a Sunday-night planning session or a 5 pm panic.',
  }),
  trigger('Customer Gains', 2, {
    text: 'What must any solution do, at the very least, before your customer would even consider it?',
    explanation:
      'These are required gains: without them a solution simply does not work for your customer. Missing one is a deal-breaker, however good everything else is.',
    example:
      'It has to handle allergies and the foods the kids refuse to eat, use ingredients from an ordinary supermarket, and suggest meals that take no more than 30 minutes to cook on a weeknight.',
  }),
  trigger('Customer Gains', 3, {
    text: 'What does your customer expect from a solution, even if they would not think to mention it?',
    explanation:
      'Expected gains are the basics people take for granted, like working on their phone or having a clear price. Customers rarely bring them up in interviews, but they notice at once when they are missing.',
    example:
      'That it works on their phone, that the shopping list follows the layout of the supermarket, that the recipes actually turn out well, and that cancelling is easy.',
  }),
  trigger('Customer Gains', 4, {
    text: 'What would your customer love to have, if it were possible?',
    explanation:
      'Desired gains go beyond what customers expect; they mention them when you ask what a perfect solution would look like. So ask, and write down their exact words.',
    example:
      'Parents told us they would love the groceries to be ordered automatically, the plan to adjust when football practice runs late, and their partner to see and follow the same plan.',
  }),
  trigger('Customer Gains', 5, {
    text: 'What could surprise and delight your customer: something they have never thought to ask for?',
    explanation:
      'Unexpected gains go beyond anything customers imagine. At first they are your guesses, so note them as ideas to test rather than as facts.',
    example:
      "We think parents would be delighted by a weekly summary of how much food and money they saved, and by recipes that turn Monday's leftovers into Tuesday's lunchboxes. We haven't tested either yet.",
  }),
  trigger('Customer Gains', 6, {
    text: 'How does your customer measure success for this job: which numbers or signs tell them it went well?',
    explanation:
      'Knowing how customers judge success tells you what to improve and what to show in your marketing. Look for things they can count or clearly notice.',
    example:
      "Fewer takeout nights, less food in the bin, a lower grocery bill and, above all, a dinner the kids eat without a fight. One mum told us: 'Success is nobody asking me what's for dinner.'",
  }),
  trigger('Customer Gains', 7, {
    text: 'What savings would make your customer happy, in time, money or effort?',
    explanation:
      'Savings are among the easiest gains to explain and to sell. Put a number on each one, so you can later check whether your product really delivers it.',
    example:
      'Getting weekly planning down from about 90 minutes to under 10, cutting takeout from three nights a week to one, and no longer throwing away a fifth of the groceries they buy.',
  }),
  trigger('Customer Gains', 8, {
    text: 'What does your customer like about their current solution that they would not want to give up?',
    explanation:
      'People rarely switch to something that takes away what they already value. Knowing what works for them today helps you keep it, and removes a reason to say no.',
    example:
      'They like their family favourites and the freedom to cook what they feel like on the night. A rigid plan that ignored Friday pizza night would feel like a step backwards.',
  }),
  trigger('Customer Gains', 9, {
    text: 'Which of these gains matter most to your customer, and which are only nice to have?',
    explanation:
      'You cannot deliver everything at once, so rank the gains by how much your customer cares. Separate the essentials from the extras based on what you heard, not on what you hope.',
    example:
      'Most important: less time spent planning, and meals the kids actually eat. Nice to have: automatic grocery orders and the savings summary. Only a few parents mentioned budgeting, so it sits lower on our list for now.',
  }),

  // Customer Pains
  trigger('Customer Pains', 1, {
    text: 'What frustrates your customer most about getting this job done today?',
    explanation:
      'Listen for strong feelings in what people tell you: sighs, complaints and stories. The stronger the frustration, the more likely they are to look for something better.',
    example:
      "Having to decide what to cook every single day. Parents describe it as relentless: 'The cooking is fine, it's the deciding that kills me.' The second biggest frustration is cooking something nobody eats.",
  }),
  trigger('Customer Pains', 2, {
    text: 'What gets in the way of your customer getting this job done, or even getting started?',
    explanation:
      'Obstacles are the things that slow people down or stop them entirely, such as a lack of time, money, skills or information. Each one is a chance for your product to clear the way.',
    example:
      "No time on weeknights, kids with different tastes, one child's nut allergy and not knowing what's left in the fridge. The Sunday planning session often gets skipped because of sports and birthday parties.",
  }),
  trigger('Customer Pains', 3, {
    text: 'What risks worry your customer: what could go wrong, and what would it cost them?',
    explanation:
      'Risks are the bad outcomes your customer fears, big or small. Ask what the worst case looks like and how likely it feels to them.',
    example:
      'The biggest fear is accidentally serving something a child is allergic to. Smaller risks are buying food that goes off before it is used and spending money on a meal the kids refuse.',
  }),
  trigger('Customer Pains', 4, {
    text: 'What does the current way of doing this job cost your customer in time, money or effort?',
    explanation:
      'Put numbers on the pain wherever you can. A clear cost makes it easier to price your product and to show customers what they stand to save.',
    example:
      'About 90 minutes of planning a week, two or three takeout nights at roughly $40 each, and about a fifth of the groceries thrown away. For a typical family in our interviews that adds up to well over $300 a month.',
  }),
  trigger('Customer Pains', 5, {
    text: 'What keeps your customer up at night about this part of their life or work?',
    explanation:
      'This question reaches the worries people carry around, which are often bigger than their daily frustrations. Ask it plainly in interviews, then stay quiet and let them answer.',
    example:
      'Worrying that their kids are not eating well enough, and feeling they are failing at something their own parents seemed to manage. Several parents said they lie awake making mental shopping lists.',
  }),
  trigger('Customer Pains', 6, {
    text: 'Where do current solutions let your customer down, and what do they complain about?',
    explanation:
      'Find out why the existing options, whether products, services or homemade workarounds, do not fully work for them. Their complaints point to the gap your product can fill.',
    example:
      'Recipe boxes are too expensive for a family of five and the portions are small. Recipe apps give ideas but no plan and no shopping list. Generic meal planners ignore allergies and picky eaters, so parents give up after a week or two.',
  }),
  trigger('Customer Pains', 7, {
    text: 'What makes your customer feel bad (stressed, guilty or embarrassed) when the job goes wrong?',
    explanation:
      'Emotional and social pains are easy to overlook, yet hard to forget for the person who feels them. Naming them helps you write messages that make customers feel understood.',
    example:
      'Guilt about ordering takeout again, stress at 5 pm when nothing is planned, and embarrassment when the kids tell their teacher they had cereal for dinner.',
  }),
  trigger('Customer Pains', 8, {
    text: 'What would stop your customer from switching to a new solution, even a better one?',
    explanation:
      'Switching has pains of its own: learning something new, losing what they have set up, or simply not trusting a newcomer. Knowing these barriers early helps you make starting easy.',
    example:
      "Setting up yet another app, typing in every family member's likes and dislikes, and doubting that the recipes will suit their kids. A few parents had already given up on two other meal planners.",
  }),
  trigger('Customer Pains', 9, {
    text: 'Which of these pains is the most severe for your customer, and how do you know?',
    explanation:
      'Rank the pains from most to least severe, using evidence from real conversations rather than your own opinion. Your first version should take on the most severe one.',
    example:
      'The daily decision about what to cook is the most severe: 21 of our 24 interviewees raised it without being asked. Food waste bothers people too, but it only came up when we asked about it, so it ranks lower.',
  }),
];

// ---------------------------------------------------------------------------------------------------------------------
// Value Proposition Canvas: two questions for each of the six sections.
// ---------------------------------------------------------------------------------------------------------------------

const VALUE_PROPOSITION_QUESTIONS: readonly SeedQuestion<'value-proposition'>[] = [
  vp('Customer Jobs', 1, {
    text: 'Which customer segment is this value proposition for, and which of their jobs matter most?',
    explanation:
      'A value proposition fits one segment at a time. Name the segment, then bring over the two or three most important jobs from your trigger answers.',
    example:
      'Working parents with two or more kids aged 3 to 12. Their most important jobs: deciding what to cook each week, getting the groceries in, and getting a healthy dinner on the table on busy weeknights.',
  }),
  vp('Customer Jobs', 2, {
    text: 'Which job will your product help with first, and why start there?',
    explanation:
      'Focusing on one job keeps your first version simple to build and easy to explain. Choose the job that is both the most important and the most painful for your customer.',
    example:
      'Planning the week of dinners. It is the job parents find hardest, it comes back every week, and once the plan exists the shopping list and the cooking follow from it.',
  }),
  vp('Customer Pains', 1, {
    text: 'What are the top three pains your customer feels, from most to least severe?',
    explanation:
      'Keep only the pains that matter most, so your canvas stays focused. Write each one as a short, specific statement.',
    example:
      '1. Deciding what to cook every day is exhausting. 2. Picky eaters refuse meals, and food gets wasted. 3. Takeout fills the gaps and costs about $40 a night.',
  }),
  vp('Customer Pains', 2, {
    text: 'What have customers said or done that shows these pains are real?',
    explanation:
      'Evidence beats assumptions. Quote what customers told you, or point to what they already do or pay to deal with the pain.',
    example:
      '21 of 24 parents brought up the daily decision without being asked. Eleven had tried a recipe box or a meal-planning app and stopped, and most order takeout at least twice a week.',
  }),
  vp('Customer Gains', 1, {
    text: 'What are the top three gains your customer wants, ranked by importance?',
    explanation:
      'Choose the outcomes your customer cares about most, not the ones that are easiest for you to deliver. Make them specific enough that you could later check whether you delivered them.',
    example:
      '1. A finished weekly plan without the Sunday-night session. 2. Dinners the whole family eats. 3. Fewer takeout nights and a lower food bill.',
  }),
  vp('Customer Gains', 2, {
    text: 'What would your customer need to see to feel your product is clearly better than what they do today?',
    explanation:
      'People only switch when the difference is obvious to them. Describe the moment they would notice it, in their terms rather than yours.',
    example:
      'Opening the app on Sunday and having the whole week planned, shopping list included, in under 10 minutes, and then watching the kids actually eat the first two dinners.',
  }),
  vp('Products & Services', 1, {
    text: 'Which products and services make up your offer?',
    explanation:
      'List everything your customer gets: the product itself, plus any service, support or extra that comes with it. Keep to what serves the jobs, pains and gains on the left of the canvas.',
    example:
      "A mobile app that builds a weekly dinner plan from the family's tastes, allergies and budget; a shopping list sorted by supermarket aisle; one-tap ordering through grocery delivery partners; and a library of 300 tested recipes that take 30 minutes or less.",
  }),
  vp('Products & Services', 2, {
    text: 'Which part of your offer is the core you will build first, and what can wait?',
    explanation:
      'Your first version should be the smallest offer that still relieves the main pain. Everything else goes on a later list, and that is perfectly fine.',
    example:
      'First the weekly plan and the shopping list. Grocery ordering, leftover ideas and sharing the plan with a partner come later, once we know families stick with the plan for a month.',
  }),
  vp('Pain Relievers', 1, {
    text: 'How exactly does your product relieve each of the top pains you listed?',
    explanation:
      'Link each pain reliever to one specific pain. If a feature does not relieve a pain that matters, ask yourself whether you need it at all.',
    example:
      "Deciding what to cook: the app decides, and parents just approve or swap. Refused meals: the plan learns from each family's ratings and avoids what the kids reject. Takeout: a '15-minute rescue meal' button for evenings that go wrong.",
  }),
  vp('Pain Relievers', 2, {
    text: 'Which pains will you deliberately leave alone, at least for now?',
    explanation:
      'Saying no is part of a strong value proposition. Being clear about what you leave out keeps your product focused and your message honest.',
    example:
      'In the first version we will not teach cooking, plan lunchboxes or track budgets. Those pains are real, but they are less severe than the daily decision about dinner.',
  }),
  vp('Gain Creators', 1, {
    text: 'How does your product create the gains your customer wants most?',
    explanation:
      'Explain how your product produces each important gain, in outcomes the customer would recognise. Cover the required and expected gains first, then add a desired or unexpected one.',
    example:
      'A finished plan in under 10 minutes gives parents their Sunday evening back. Family ratings mean more meals get eaten. Planned portions and leftover-friendly recipes cut waste and the food bill.',
  }),
  vp('Gain Creators', 2, {
    text: 'How will your customer notice these gains quickly, ideally within the first week?',
    explanation:
      'Gains that show up fast keep people using your product. Think about what customers experience in their first days, and how you can make the benefit visible.',
    example:
      'At the end of the first week the app shows a short summary: dinners planned, meals the kids rated, takeout nights skipped and an estimate of the money saved compared with a usual week.',
  }),
];

// ---------------------------------------------------------------------------------------------------------------------
// Business Model Canvas: two questions for each of the nine sections.
// ---------------------------------------------------------------------------------------------------------------------

const BUSINESS_MODEL_QUESTIONS: readonly SeedQuestion<'business-model'>[] = [
  bmc('Key Partners', 1, {
    text: 'Which partners and suppliers do you need to deliver your value proposition?',
    explanation:
      'Partners help with what you cannot or should not do alone, such as supply, distribution or specialist knowledge. List the few your business really depends on.',
    example:
      'Grocery delivery services for one-tap ordering, freelance recipe developers and a food photographer, parenting creators on Instagram and TikTok, and the two app stores.',
  }),
  bmc('Key Partners', 2, {
    text: "What will each key partner do for you, and what's in it for them?",
    explanation:
      'A partnership only lasts if both sides gain from it. Write down what you need from each partner and what they get in return.',
    example:
      'Grocery partners receive ready-made orders and pay us a commission of about 3%. Recipe developers are paid per recipe. Creators earn a referral fee for every family that subscribes through their link.',
  }),
  bmc('Key Activities', 1, {
    text: 'What are the most important things your team must do well for the business to work?',
    explanation:
      'Key activities are the work that delivers your value proposition, reaches customers and brings in revenue. Focus on what you must be excellent at, not on every task.',
    example:
      'Building and improving the planning engine, creating and testing recipes that work for picky eaters, and growing our audience of parents through creators and referrals.',
  }),
  bmc('Key Activities', 2, {
    text: 'Which activities will you do yourselves, and which will you hand over to partners or tools?',
    explanation:
      'In an early team, time is the scarcest resource. Keep in-house what sets you apart, and hand over the rest wherever you can.',
    example:
      'We keep the planning engine and the conversations with parents in-house. Recipe photography, payments and grocery delivery are handled by partners and ready-made tools.',
  }),
  bmc('Key Resources', 1, {
    text: 'Which assets does your business need most: people, technology, data, money or brand?',
    explanation:
      'Key resources are what your business cannot run without. Think about physical, intellectual, human and financial resources.',
    example:
      "Our recipe library and the data on which meals families actually eat, the planning engine, my co-founder's expertise as a registered dietitian, and enough funding for about 18 months.",
  }),
  bmc('Key Resources', 2, {
    text: 'Which of these resources do you already have, and which do you still need to get?',
    explanation:
      'This turns your canvas into a to-do list. Be honest about the gaps; they often decide what you raise money for and whom you hire next.',
    example:
      'We have 120 tested recipes, a working prototype and a dietitian on the founding team. We still need 180 more recipes, a mobile developer and our first round of funding.',
  }),
  bmc('Value Propositions', 1, {
    text: 'In one or two sentences, what value do you deliver to your customers?',
    explanation:
      'Sum up the heart of your value proposition canvas: the job you help with, the main pain you relieve and the main gain you create. If you cannot say it simply yet, keep refining it.',
    example:
      'MealMate plans a week of family dinners in under 10 minutes, built around what your kids will actually eat, and turns it into a ready-made shopping list. No more deciding what to cook every night.',
  }),
  bmc('Value Propositions', 2, {
    text: 'Why would customers choose you over the alternatives they use today?',
    explanation:
      'Compare yourself honestly with what customers do now, including doing nothing. Your reason should matter to them, not just sound good to you.',
    example:
      'Recipe boxes cost two to three times as much, and recipe apps leave the planning to you. MealMate is the only option we have found that plans around picky eaters and allergies for the whole family at a subscription price.',
  }),
  bmc('Customer Relationships', 1, {
    text: 'What kind of relationship does each customer segment expect from you?',
    explanation:
      'Relationships range from fully self-service to personal, one-to-one help, and include communities. Choose what your customers expect and what your business can afford.',
    example:
      'Mostly self-service in the app, with friendly tips along the way. We will add a private community where parents share swaps and family favourites, and email support answered by our own team.',
  }),
  bmc('Customer Relationships', 2, {
    text: 'How will you win customers, keep them and grow what they do with you?',
    explanation:
      'Think about the whole journey: the first sign-up, the reasons to stay month after month and the path to using or paying for more. Many young startups quietly lose customers after a few weeks, so plan for keeping them.',
    example:
      'Win: a 14-day free trial. Keep: a fresh plan waiting every Sunday and a gentle nudge when a family skips a week. Grow: the yearly plan, grocery ordering and a free month for every family they refer.',
  }),
  bmc('Channels', 1, {
    text: 'How will customers hear about you, try you, buy from you and get help?',
    explanation:
      'Channels are how you reach customers at each stage, from first hearing about you to buying and getting support. Pick channels your customers already use.',
    example:
      'Parents hear about us from parenting creators, school newsletters and friends. They download the app from the App Store or Google Play, subscribe in the app and get help by email or in the community.',
  }),
  bmc('Channels', 2, {
    text: 'Which channel will you test first, and how will you know whether it works?',
    explanation:
      'Test one channel cheaply before you spread your effort. Decide in advance which number will tell you that it worked.',
    example:
      'Parenting creators on Instagram and TikTok. We will pay three creators for one post each; the test succeeds if it brings at least 300 trial sign-ups at less than $15 per sign-up.',
  }),
  bmc('Customer Segments', 1, {
    text: 'Who are you creating value for, and who are your most important customers?',
    explanation:
      'Describe your segments precisely enough that you could find real people who fit. If you serve groups with different needs, list them separately.',
    example:
      'Working parents with two or more children aged 3 to 12, mainly dual-income families in cities and suburbs. Later: single parents, and grandparents who cook for their grandchildren several days a week.',
  }),
  bmc('Customer Segments', 2, {
    text: 'Who is your early adopter: the customer who needs this so badly that they will try an unfinished product?',
    explanation:
      'Early adopters feel the pain most strongly and are already looking for a fix. Winning them first gives you feedback, references and your first revenue.',
    example:
      'Parents of a child with a food allergy or a very picky eater who have already tried a recipe box or a meal app and given up. They feel the pain every day and are actively searching for something better.',
  }),
  bmc('Cost Structure', 1, {
    text: 'What are the biggest costs of running your business?',
    explanation:
      'List the main costs that come from your key activities, resources and partners. Start with the largest; the small items can wait.',
    example:
      'Two founder salaries, recipe development and photography, marketing through creators, app store fees of 15% to 30% on subscriptions, and cloud hosting.',
  }),
  bmc('Cost Structure', 2, {
    text: 'Which costs are fixed, which grow with every new customer, and roughly what will your first year cost?',
    explanation:
      'Separating fixed from variable costs shows how your costs change as you grow. A rough yearly total is enough at this stage; precision can come later.',
    example:
      'Fixed: salaries, recipe development and tools, about $10,000 a month. Variable: app store fees, hosting and referral rewards, roughly $2 per subscriber a month. We expect the first year to cost about $150,000.',
  }),
  bmc('Revenue Streams', 1, {
    text: 'What will customers pay for, how much, and how will they pay?',
    explanation:
      'Describe each way you earn money, such as subscriptions, one-off sales, fees or commissions. Include the price and how payment works.',
    example:
      'A family subscription at $7.99 a month or $59 a year, paid in the app after a 14-day free trial. On top of that we earn a commission of about 3% on groceries ordered through our delivery partners.',
  }),
  bmc('Revenue Streams', 2, {
    text: 'What evidence do you have that customers will pay that price?',
    explanation:
      "A price is a guess until someone pays it. Pre-orders, deposits, letters of intent or sign-ups on a page that shows the price are much stronger evidence than 'people said they would'.",
    example:
      'Our landing page shows the yearly price: 62 parents prepaid a founding-member year at $39, and 480 joined the waiting list. Most of the parents we interviewed spend more than $40 on a single takeout night.',
  }),
];

/** Every seed question, grouped by type and then by category in display order, each category in authored order. */
export const QUESTION_BANK: readonly SeedQuestion[] = Object.freeze([
  ...TRIGGER_QUESTIONS,
  ...VALUE_PROPOSITION_QUESTIONS,
  ...BUSINESS_MODEL_QUESTIONS,
]);
