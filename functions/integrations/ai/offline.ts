/**
 * The offline adapter: no network, no model. Without a model nothing can be said about a founder's market that they
 * did not say themselves, so the drafts stay honest: each suggestion restates one of the founder's own statements
 * (a sentence or clause, or an answer line, never cut) as a sentence in the category's terms, and each idea
 * restates the founder's first statement in one of three business shapes. The statement is set into the sentence,
 * never quoted in it (issue 36: quoted fragments inside a template read as stitched together), so each is first
 * normalised and sorted by shape (wording.ts): a noun phrase ("dog walking for busy commuters"), a clause ("vans
 * return empty from Leeds") or a bare verb phrase ("bake bread") each takes the frame that reads well with it.
 * Every value is returned with `source: 'offline'` for the UI to label as examples, and the same text always gives
 * the same drafts.
 */
import { CATEGORIES, type Category, type PhaseType } from '#shared/domain/questions';
import { keyPhrases, statements } from './phrases';
import { type AiAutomations, type AiOutcome, emptySuggestions, type GeneratedIdea, type SuggestionsFor } from './port';
import { asClause, capitalised, isTopic, type Statement, statementOf } from './wording';

/** A sentence the UI can show next to offline drafts. */
export const OFFLINE_NOTE = 'Offline examples: written from your own text, without the AI service.';

/** A statement longer than this would bury the sentence around it. */
export const QUOTE_CHARS = 120;
/** An idea title restates the founder's first statement; the longest prefix below keeps it within the title limit. */
export const CORE_CHARS = 150;

/**
 * One draft sentence in the three forms a founder's statement can take (wording.ts): `{s}` becomes the statement, and
 * a frame that opens with it capitalises it. `noun` takes a noun phrase or a question, `clause` a subject and verb
 * (or what the idea does), `action` a bare verb phrase after "to" or a subject.
 */
interface Frame {
  noun: string;
  clause: string;
  action: string;
}

/**
 * Three drafts per category, each saying what the founder's statement means for that box of the canvas, as a
 * sentence a founder could keep or edit. They add no fact: where the box needs one (a price, a partner's name), the
 * draft names the kind of thing, not a value.
 */
const FRAMES: Record<Category<PhaseType>, readonly [Frame, Frame, Frame]> = {
  'Customer Jobs': [
    {
      noun: 'Your customer has a job to get done around {s}.',
      clause: '{s}, so your customer has a job to get done.',
      action: 'Your customer needs to {s}.',
    },
    {
      noun: 'Part of the work around {s} is something your customer would gladly hand over.',
      clause: 'Because {s}, your customer would gladly hand over part of the work.',
      action: 'Your customer would gladly hand over part of the work it takes to {s}.',
    },
    {
      noun: 'Your customer has decisions to make about {s}, with a deadline to meet.',
      clause: 'When {s}, your customer has a decision to make, with a deadline to meet.',
      action: 'Your customer has to decide how to {s}, and by when.',
    },
  ],
  'Customer Gains': [
    {
      noun: 'Getting {s} right is a result your customer would value.',
      clause: 'Because {s}, your customer would value a result they can see.',
      action: 'Being able to {s} is a result your customer would value.',
    },
    {
      noun: 'With {s}, your customer would like to save time or money.',
      clause: 'When {s}, your customer would like to save time or money.',
      action: 'Your customer would like to save time or money when they {s}.',
    },
    {
      noun: 'Your customer would be glad to tell others about {s}.',
      clause: '{s}, and your customer would be glad to tell others once that changes.',
      action: 'Your customer would be glad to tell others once they can {s}.',
    },
  ],
  'Customer Pains': [
    {
      noun: 'Your customer loses time today over {s}.',
      clause: '{s}, and that takes your customer too long today.',
      action: 'It takes your customer too long today to {s}.',
    },
    {
      noun: 'Your customer is afraid of a costly mistake with {s}.',
      clause: 'Because {s}, your customer is afraid of making a costly mistake.',
      action: 'Your customer is afraid of a costly mistake when they {s}.',
    },
    {
      noun: 'The options your customer has now for {s} are expensive or clumsy.',
      clause: 'When {s}, the options your customer has now feel expensive or clumsy.',
      action: 'The options your customer has now to {s} are expensive or clumsy.',
    },
  ],
  'Products & Services': [
    {
      noun: 'The smallest product your customer would buy could start from {s}.',
      clause: 'Because {s}, the smallest product your customer would buy can start there.',
      action: 'The smallest product your customer would buy helps them {s}.',
    },
    {
      noun: 'A done-for-you service around {s} may suit your customer better than a tool.',
      clause: 'When {s}, a done-for-you service may suit your customer better than a tool.',
      action: 'A done-for-you service that helps them {s} may suit your customer better than a tool.',
    },
    {
      noun: 'A free trial around {s} lets a customer see the value before buying.',
      clause: 'Because {s}, a free trial lets a customer see the value before buying.',
      action: 'A free trial lets a customer {s} once before buying.',
    },
  ],
  'Pain Relievers': [
    {
      noun: 'You could remove a manual step your customer takes with {s}.',
      clause: '{s}, so removing one manual step would relieve your customer.',
      action: 'You could remove a manual step your customer takes to {s}.',
    },
    {
      noun: 'You could lower the risk of a costly mistake with {s}.',
      clause: 'Because {s}, lowering the risk of a costly mistake would relieve a real pain.',
      action: 'You could lower the risk of a costly mistake when your customer has to {s}.',
    },
    {
      noun: 'You could cut what your customer spends today on {s}.',
      clause: 'When {s}, you could cut what your customer spends today.',
      action: 'You could cut what your customer spends today to {s}.',
    },
  ],
  'Gain Creators': [
    {
      noun: 'Your customer could see at a glance how far they have come with {s}.',
      clause: 'Because {s}, showing your customer their progress at a glance would create a gain.',
      action: 'Your customer could see at a glance how close they are to being able to {s}.',
    },
    {
      noun: 'A quick first win with {s} would show your customer the value early.',
      clause: 'When {s}, a quick first win would show your customer the value early.',
      action: 'A quick first win would show your customer they can {s}.',
    },
    {
      noun: 'Customers who get {s} from you have a reason to recommend you.',
      clause: 'Because {s}, customers who see that change have a reason to recommend you.',
      action: 'Customers who can {s} with your help have a reason to recommend you.',
    },
  ],
  'Key Partners': [
    {
      noun: 'Suppliers or platforms already active around {s} could become your partners.',
      clause: 'Because {s}, suppliers or platforms already active there could become your partners.',
      action: 'Suppliers or platforms that already help customers {s} could become your partners.',
    },
    {
      noun: 'Experts or communities who know {s} well could vouch for you.',
      clause: 'When {s}, experts or communities who see it could vouch for you.',
      action: 'Experts or communities who know how to {s} could vouch for you.',
    },
    {
      noun: 'A business that already serves customers around {s} could partner with you.',
      clause: 'Because {s}, a business that already serves these customers could partner with you.',
      action: 'A business that already helps customers {s} could partner with you.',
    },
  ],
  'Key Activities': [
    {
      noun: 'Building and improving {s} yourself is a key activity.',
      clause: 'Because {s}, building and improving the answer yourself is a key activity.',
      action: 'Helping customers {s} is a key activity you keep improving yourself.',
    },
    {
      noun: 'Winning and onboarding the first customers for {s} is a key activity.',
      clause: 'When {s}, winning and onboarding the first customers is a key activity.',
      action: 'Winning and onboarding the first customers who need to {s} is a key activity.',
    },
    {
      noun: 'Measuring each week what customers value in {s} is a key activity.',
      clause: 'Because {s}, measuring each week what customers value is a key activity.',
      action: 'Measuring each week how well customers {s} is a key activity.',
    },
  ],
  'Key Resources': [
    {
      noun: 'Know-how about {s} that others lack is a key resource for your team.',
      clause: 'Because {s}, know-how that others lack is a key resource for your team.',
      action: 'Know-how about how to {s} is a key resource for your team.',
    },
    {
      noun: 'The data or technology behind {s} is worth owning rather than renting.',
      clause: 'When {s}, the data or technology behind your answer is worth owning rather than renting.',
      action: 'The data or technology that lets customers {s} is worth owning rather than renting.',
    },
    {
      noun: 'A brand customers trust for {s} is a key resource.',
      clause: 'Because {s}, a brand customers trust is a key resource.',
      action: 'A brand customers trust to help them {s} is a key resource.',
    },
  ],
  'Value Propositions': [
    {
      noun: 'Your offer makes {s} easier, faster or cheaper for your customer.',
      clause: 'Because {s}, your offer makes things easier, faster or cheaper for your customer.',
      action: 'Being able to {s} gets easier, faster or cheaper with your offer.',
    },
    {
      noun: 'Your offer takes the risk out of {s} for your customer.',
      clause: 'When {s}, your offer takes a risk off your customer’s shoulders.',
      action: 'Your offer takes the risk out of having to {s}.',
    },
    {
      noun: 'A customer would choose you over doing nothing because of {s}.',
      clause: '{s}, so a customer has a reason to choose you over doing nothing.',
      action: 'A customer would choose you over doing nothing when they need to {s}.',
    },
  ],
  'Customer Relationships': [
    {
      noun: 'Self-service help lets customers answer their own questions about {s}.',
      clause: 'Because {s}, self-service help lets customers answer their own questions.',
      action: 'Self-service help lets customers {s} without waiting for you.',
    },
    {
      noun: 'Personal onboarding makes the difference for customers new to {s}.',
      clause: 'When {s}, personal onboarding makes the difference.',
      action: 'For customers who need to {s}, personal onboarding makes the difference.',
    },
    {
      noun: 'A community lets customers help each other with {s}.',
      clause: 'Because {s}, a community lets customers help each other.',
      action: 'A community lets customers help each other {s}.',
    },
  ],
  Channels: [
    {
      noun: 'Your customers already go online for answers about {s}.',
      clause: 'Because {s}, your customers already go online for answers.',
      action: 'To find ways to {s}, your customers already go online.',
    },
    {
      noun: 'Helpful content about {s} brings customers to you through search.',
      clause: 'When {s}, helpful content brings customers to you through search.',
      action: 'Helpful content on how to {s} brings customers to you through search.',
    },
    {
      noun: 'Partners who already reach customers interested in {s} can bring them to you.',
      clause: 'Because {s}, partners who already reach these customers can bring them to you.',
      action: 'Partners who already help customers {s} can bring them to you.',
    },
  ],
  'Customer Segments': [
    {
      noun: 'The customers who struggle most often with {s} are your first segment.',
      clause: 'Because {s}, the customers who struggle with it most often are your first segment.',
      action: 'The customers who most often need to {s} are your first segment.',
    },
    {
      noun: 'Customers who already pay for a workaround for {s} are a segment to reach.',
      clause: 'When {s}, customers who already pay for a workaround are a segment to reach.',
      action: 'Customers who already pay for a workaround to {s} are a segment to reach.',
    },
    {
      noun: 'A small group who care about {s} is a segment you could win over completely.',
      clause: 'Because {s}, start with a small group of customers you could win over completely.',
      action: 'A small group who need to {s} is a segment you could win over completely.',
    },
  ],
  'Cost Structure': [
    {
      noun: 'Building and running {s} comes with a monthly cost.',
      clause: 'Because {s}, building and running the product comes with a monthly cost.',
      action: 'Helping customers {s} comes with a monthly cost to build and run.',
    },
    {
      noun: 'Winning one customer for {s} has a cost you can measure.',
      clause: 'When {s}, winning one customer has a cost you can measure.',
      action: 'Winning one customer who needs to {s} has a cost you can measure.',
    },
    {
      noun: 'Support and operations for {s} add a cost for each customer.',
      clause: 'Because {s}, support and operations add a cost for each customer.',
      action: 'Supporting customers as they {s} adds a cost for each one.',
    },
  ],
  'Revenue Streams': [
    {
      noun: 'Customers could pay a monthly subscription for {s}.',
      clause: 'Because {s}, customers could pay a monthly subscription.',
      action: 'Customers could pay a monthly subscription to {s}.',
    },
    {
      noun: 'Customers could pay per use of {s} instead.',
      clause: 'When {s}, customers could pay per use instead.',
      action: 'Customers could pay each time they {s} instead.',
    },
    {
      noun: 'Some customers would pay more for a premium tier of {s}.',
      clause: 'Because {s}, some customers would pay more for a premium tier.',
      action: 'Some customers would pay more for a premium tier that helps them {s}.',
    },
  ],
};

/**
 * What the drafts restate: the founder's statements short enough to take whole, else their key phrases (a text of
 * one long run-on sentence still has topics) that have a letter (a bare "42" is no topic), else nothing.
 */
export function quotable(text: string): string[] {
  const found = statements(text, QUOTE_CHARS);
  return found.length > 0 ? found : keyPhrases(text, 3).filter((phrase) => /\p{L}/u.test(phrase));
}

/**
 * A bare plural key phrase ("weekly family meals") reads without an article after a frame's preposition; a bare
 * singular ("fridge") would need one the drafter cannot choose, so only plurals are used as extra material.
 */
function pluralTopics(text: string): string[] {
  // A phrase with a figure ("3 vans", "median 40 minutes") is a measure taken out of its sentence, not a topic.
  return keyPhrases(text, 5).filter(
    (phrase) => !/\p{N}/u.test(phrase) && /[^s]s$/i.test(phrase) && phrase.includes(' ') && isTopic(phrase),
  );
}

/** The frame filled with the statement in the form it fits; a frame that opens with the statement capitalises it. */
export function fill(frame: Frame, statement: Statement): string {
  const clause = asClause(statement);
  const [template, text] =
    statement.kind === 'action'
      ? [frame.action, statement.text]
      : clause !== undefined
        ? [frame.clause, clause]
        : [frame.noun, statement.text];
  return template.startsWith('{s}') ? capitalised(template.replace('{s}', text)) : template.replace('{s}', text);
}

/**
 * The founder's material for the canvas drafts: their statements, then plural topics not already among them, so
 * a one-line idea still gives each category more than one thing to say. Case-insensitive repeats are dropped.
 */
function material(text: string): Statement[] {
  const seen = new Set<string>();
  const found: Statement[] = [];
  for (const raw of [...quotable(text), ...pluralTopics(text)]) {
    const statement = statementOf(raw, text);
    const fold = statement.text.toLowerCase();
    if (fold === '' || seen.has(fold)) continue;
    seen.add(fold);
    found.push(statement);
  }
  return found;
}

function draftSuggestions<T extends PhaseType>(type: T, text: string): SuggestionsFor<T> {
  const result = emptySuggestions(type);
  const found = material(text);
  if (found.length === 0) return result;
  const categories: readonly Category<T>[] = CATEGORIES[type];
  categories.forEach((category, c) => {
    const frames = FRAMES[category];
    // Each category starts at another statement, so a long text is drawn on across the canvas, not only its opening;
    // and no statement serves two drafts of one category, which would then say the same thing twice.
    const count = Math.min(frames.length, found.length);
    result[category] = frames.slice(0, count).map((frame, i) => {
      const statement = found[(c * frames.length + i) % found.length] as Statement;
      return fill(frame, statement);
    });
  });
  return result;
}

/** "I want to build a marketplace where …" restated as an idea is "A marketplace where …". */
const INTENT =
  /^(?:(?:I|we)\s+(?:want|would like|plan|aim|intend|hope)\s+to\s+(?:build|create|make|launch|start|develop|offer|run|open)|(?:I|we)(?:\s+am|\s+are|['’]m|['’]re)\s+(?:building|creating|making|launching|starting|developing))\s+/i;

/**
 * The founder's idea in one statement, their first sentence (or its first clause) never cut mid-way, and the next
 * statement they wrote, if any, for the descriptions to build on.
 */
function ideaStatements(text: string): { core: Statement; next: Statement | undefined } | undefined {
  const [first = keyPhrases(text, 1)[0], next] = statements(text, CORE_CHARS);
  if (first === undefined) return undefined;
  return {
    core: statementOf(first.replace(INTENT, ''), text),
    next: next === undefined ? undefined : statementOf(next, text),
  };
}

/**
 * The business shapes: the word that says the founder already chose it, a title for a noun-phrase idea (after it)
 * and for any other (before it), and what the shape means as an instruction.
 */
const SHAPES = [
  {
    word: /\bniche/i,
    tail: 'starting with one niche',
    name: 'A niche-first business',
    meaning: 'pick the customers who need it most, win them over completely, and widen out from there.',
  },
  {
    word: /\bsubscri/i,
    tail: 'sold as a subscription',
    name: 'A subscription',
    meaning: 'charge a monthly fee for ongoing help, so customers keep getting value and you earn predictable revenue.',
  },
  {
    word: /\bmarketplace/i,
    tail: 'run as a marketplace',
    name: 'A marketplace',
    meaning: 'bring together the people who need it and those who can provide it, and earn a fee on each match.',
  },
  {
    word: /\bservices?\b/i,
    tail: 'offered as a done-for-you service',
    name: 'A done-for-you service',
    meaning: 'do the work for your customers rather than selling them a tool, and charge for each job done.',
  },
] as const;

type Shape = (typeof SHAPES)[number];

/**
 * An idea's title: a noun-phrase idea named first with the shape after it ("Meal planning app for busy parents,
 * sold as a subscription"); an action, a predicate or a clause after the shape's name ("A marketplace that lets
 * people rent a tool", "A subscription because clinics lose 12% of appointments").
 */
function ideaTitle(shape: Shape, core: Statement): string {
  switch (core.kind) {
    case 'noun':
      // A script without capitals (東京の…) cannot open a title, so the shape's name opens it instead.
      return /^[\p{Lu}\p{N}]/u.test(capitalised(core.text))
        ? `${capitalised(core.text)}, ${shape.tail}`
        : `${shape.name} for ${core.text}`;
    case 'action':
      return `${shape.name} that lets people ${core.text}`;
    case 'predicate':
      return `${shape.name} that ${core.text}`;
    case 'question':
      return `${shape.name} that tells people ${core.text}`;
    case 'clause':
      return `${shape.name} because ${core.text}`;
  }
}

/** An idea's description: what the shape means, opened by the founder's second statement when they wrote one. */
function ideaDescription(shape: Shape, next: Statement | undefined): string {
  if (next === undefined) return capitalised(shape.meaning);
  const clause = asClause(next);
  return clause === undefined ? `Building on ${next.text}, ${shape.meaning}` : `Because ${clause}, ${shape.meaning}`;
}

/**
 * Three business shapes for the founder's own idea, leaving out a shape their idea already names (a marketplace
 * idea "run as a marketplace" would say it twice). Each title restates their first statement with the shape; each
 * description says what the shape means, starting from their second statement when they wrote one. Nothing else is
 * added: a chosen idea is saved as its title and description, so every word must be one the founder saw when
 * choosing.
 */
function draftIdeas(text: string): GeneratedIdea[] {
  const found = ideaStatements(text);
  if (found === undefined) return [];
  const { core, next } = found;
  const fresh = SHAPES.filter((shape) => !shape.word.test(core.text));
  return (fresh.length >= 3 ? fresh : SHAPES).slice(0, 3).map((shape) => ({
    title: ideaTitle(shape, core),
    description: ideaDescription(shape, next),
  }));
}

function offline<V>(value: V): Promise<AiOutcome<V>> {
  return Promise.resolve({ ok: true, value, source: 'offline' });
}

export function createOfflineAutomations(): AiAutomations {
  return {
    generateIdeas: (text) => offline(draftIdeas(text)),
    triggerSuggestions: (idea) => offline(draftSuggestions('trigger', idea)),
    valuePropositionSuggestions: (answersText) => offline(draftSuggestions('value-proposition', answersText)),
    businessModelSuggestions: (answersText) => offline(draftSuggestions('business-model', answersText)),
  };
}
