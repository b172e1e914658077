/**
 * Founder inputs for judging AI drafts: what founders of different kinds type at each step — one line or
 * a page, names with accents and in other scripts, figures, lists with bullets, questions, first person — so a
 * provider or prompt change is compared on the same material. Each case holds the typed input of every operation,
 * and `operationText` turns it into the {text} the product sends (the same helpers the handlers use).
 */
import type { Category } from '#shared/domain/questions';
import type { ToolId } from '#shared/domain/validate-tools';
import { type CategoryAnswers, joinAnswersByCategory, joinAnswersByLine } from '../payloads';
import type { AiOperation } from '../port';
import type { MaterialAnswer, ToolMaterial } from '../tool-material';

type VpCategory = Category<'value-proposition'>;

export interface CorpusCase {
  id: string;
  /** The idea step: the founder's description, and the text of an uploaded file when there is one. */
  ideas: { text: string; context?: string };
  /** The saved idea the trigger suggestions are drafted from. */
  trigger: { idea: string };
  /** The trigger answers, in question order; the value-proposition suggestions are drafted from them. */
  valueProposition: { triggerAnswers: readonly string[] };
  /** The value-proposition canvas answers; the business-model suggestions are drafted from them. */
  businessModel: { answers: readonly CategoryAnswers<'value-proposition'>[] };
}

/** The {text} an operation receives for a case, built as journey.ts and consumers/suggestions.ts build it. */
export function operationText(entry: CorpusCase, operation: AiOperation): string {
  switch (operation) {
    case 'ideas': {
      const context = entry.ideas.context?.trim();
      return context ? `${entry.ideas.text}\n\n${context}` : entry.ideas.text;
    }
    case 'trigger':
      return entry.trigger.idea;
    case 'valueProposition':
      return joinAnswersByLine(entry.valueProposition.triggerAnswers);
    case 'businessModel':
      return joinAnswersByCategory('value-proposition', entry.businessModel.answers);
  }
}

/** Trigger answers have no category in the corpus: they are read in turn as the customer's jobs, pains and gains. */
const TRIGGER_CATEGORIES = ['Customer Jobs', 'Customer Pains', 'Customer Gains'] as const;

/**
 * What a Validate tool's offline drafter reads for a case: the saved idea, the trigger answers and the
 * value-proposition answers. The corpus holds no Business Model or tool answers, so the sections built only on those
 * say where to start, which the readability properties judge too.
 */
export function toolMaterialOf(entry: CorpusCase, tool: ToolId): ToolMaterial {
  const trigger: MaterialAnswer[] = entry.valueProposition.triggerAnswers.map((answer, i) => {
    const category = TRIGGER_CATEGORIES[i % TRIGGER_CATEGORIES.length] as string;
    return { type: 'trigger', questionId: `trigger-${i}`, category, answers: [answer] };
  });
  const canvas: MaterialAnswer[] = entry.businessModel.answers.map(({ category, answers }) => ({
    type: 'value-proposition',
    questionId: `value-proposition-${category}`,
    category,
    answers,
  }));
  return { tool, idea: entry.trigger.idea, setup: null, answers: [...trigger, ...canvas], tests: [], guidance: [] };
}

function vp(answers: Partial<Record<VpCategory, readonly string[]>>): CategoryAnswers<'value-proposition'>[] {
  return (Object.entries(answers) as [VpCategory, readonly string[]][]).map(([category, list]) => ({
    category,
    answers: list,
  }));
}

export const CORPUS: readonly CorpusCase[] = [
  {
    id: 'meal-planning',
    ideas: {
      text:
        'Meal planning app for busy parents. Parents lose hours deciding what to cook; the app plans weekly meals ' +
        'from what is already in the fridge and orders missing groceries.',
    },
    trigger: { idea: 'An app that plans weekly family meals from what is in the fridge and orders what is missing.' },
    valueProposition: {
      triggerAnswers: [
        'Parents of young children who both work full time',
        'They decide what to cook at 6pm with nothing planned',
        'Food goes off in the fridge every week',
      ],
    },
    businessModel: {
      answers: vp({
        'Customer Jobs': ['Feed the family a healthy dinner on weeknights'],
        'Customer Pains': ['Deciding what to cook after a long day', 'Throwing away food'],
        'Products & Services': ['Weekly meal plans with a shopping list'],
      }),
    },
  },
  {
    id: 'one-word',
    ideas: { text: 'Bakeries.' },
    trigger: { idea: 'Bakeries' },
    valueProposition: { triggerAnswers: ['Bakers'] },
    businessModel: { answers: vp({ 'Customer Jobs': ['Bake bread'] }) },
  },
  {
    id: 'lower-case-fragment',
    ideas: { text: 'dog walking for busy commuters' },
    trigger: { idea: 'dog walking for busy commuters' },
    valueProposition: { triggerAnswers: ['commuters with dogs', 'no time at lunch'] },
    businessModel: { answers: vp({ 'Customer Pains': ['dog alone all day'], 'Gain Creators': ['photo updates'] }) },
  },
  {
    id: 'haulage-numbers',
    ideas: {
      text: 'Vans returning empty from Leeds cost hauliers a median 40 minutes of unpaid waiting per drop and £180 a week.',
    },
    trigger: { idea: 'A load board that fills vans returning empty from Leeds to the Midlands.' },
    valueProposition: {
      triggerAnswers: [
        'Owner-drivers with 1–3 vans',
        'Median 40 minutes waiting per drop',
        '£180 a week lost on empty returns',
      ],
    },
    businessModel: {
      answers: vp({
        'Customer Jobs': ['Fill the return leg'],
        'Customer Pains': ['Leeds returning empty', 'median 40 minutes'],
        'Pain Relievers': ['Loads matched within 15 minutes of a drop'],
      }),
    },
  },
  {
    id: 'first-person-marketplace',
    ideas: {
      text: 'I want to build a marketplace where local farmers sell vegetables directly to restaurants, quickly and cheaply.',
    },
    trigger: { idea: 'A marketplace where local farmers sell vegetables directly to restaurants.' },
    valueProposition: { triggerAnswers: ['Chefs who buy fresh produce every morning', 'Farmers with surplus stock'] },
    businessModel: {
      answers: vp({
        'Customer Jobs': ['Buy fresh vegetables daily'],
        'Gain Creators': ['Know which farm it came from'],
      }),
    },
  },
  {
    id: 'german-names',
    ideas: { text: 'Ein Café-Netzwerk für Pendler in Zürich und München, mit Vorbestellung per App.' },
    trigger: { idea: 'Vorbestellung für Cafés am Hauptbahnhof Zürich.' },
    valueProposition: { triggerAnswers: ['Pendler zwischen Winterthur und Zürich', 'Keine Zeit für die Schlange'] },
    businessModel: { answers: vp({ 'Customer Jobs': ['Kaffee holen ohne Warten'], 'Products & Services': ['App'] }) },
  },
  {
    id: 'accented-names',
    ideas: { text: 'Tutoring for Zoë and students like her in São Paulo who prepare for the ENEM exam.' },
    trigger: { idea: 'Online ENEM tutoring for students in São Paulo and Belo Horizonte.' },
    valueProposition: { triggerAnswers: ['Students from public schools', 'Parents who cannot pay R$ 400 a month'] },
    businessModel: {
      answers: vp({ 'Customer Gains': ['A place at a federal university'], 'Pain Relievers': ['Classes after 19h'] }),
    },
  },
  {
    id: 'japanese-script',
    ideas: { text: '東京の小さな旅館のための予約管理ツール. Bookings for small ryokan in Tokyo and Kyoto.' },
    trigger: { idea: 'Booking software for small ryokan (旅館) in Kyoto.' },
    valueProposition: { triggerAnswers: ['Family-run ryokan with 5 to 12 rooms', 'Bookings arrive by phone and fax'] },
    businessModel: { answers: vp({ 'Customer Jobs': ['Fill rooms midweek'], 'Customer Pains': ['Double bookings'] }) },
  },
  {
    id: 'bullet-list',
    ideas: {
      text: '- Invoices for freelancers\n- Reminders sent automatically\n- Late fees calculated under UK law',
    },
    trigger: { idea: 'Invoicing with automatic reminders for UK freelancers.' },
    valueProposition: {
      triggerAnswers: ['• Designers and developers working alone', '• Clients pay 30 days late on average'],
    },
    businessModel: {
      answers: vp({
        'Customer Jobs': ['1. Send invoices', '2. Chase payments'],
        'Pain Relievers': ['Reminders at 7, 14 and 30 days'],
      }),
    },
  },
  {
    id: 'numbered-list-one-line',
    ideas: { text: 'Three services: 1) bike repair at home, 2) bike storage, 3) bike insurance for Amsterdam.' },
    trigger: { idea: 'Bike repair at home in Amsterdam.' },
    valueProposition: { triggerAnswers: ['Commuters in Amsterdam-Noord', 'A flat tyre means a late arrival'] },
    businessModel: { answers: vp({ 'Products & Services': ['Repair van', 'Spare bike while yours is fixed'] }) },
  },
  {
    id: 'question',
    ideas: { text: 'What if pharmacies could predict which medicines run out next week?' },
    trigger: { idea: 'Stock forecasts for independent pharmacies.' },
    valueProposition: { triggerAnswers: ['Independent pharmacists', 'Which medicines run out next week?'] },
    businessModel: { answers: vp({ 'Customer Pains': ['Patients sent away empty-handed'] }) },
  },
  {
    id: 'acronyms',
    ideas: { text: 'B2B SaaS for HR teams in the EU to track GDPR requests.' },
    trigger: { idea: 'GDPR request tracking for HR teams.' },
    valueProposition: { triggerAnswers: ['HR managers at firms with 50–250 staff', 'DSARs answered by email today'] },
    businessModel: { answers: vp({ 'Customer Jobs': ['Answer every DSAR within 30 days'] }) },
  },
  {
    id: 'run-on-sentence',
    ideas: {
      text:
        'A platform that helps small independent bookshops across the north of England share stock with each other ' +
        'so that when a customer asks for a title one shop does not have another shop nearby can send it the same ' +
        'day by courier and both shops share the margin instead of losing the sale to a large online retailer',
    },
    trigger: {
      idea:
        'Shared stock for independent bookshops in the north of England so that a customer asking for a missing ' +
        'title gets it the same day from a shop nearby and both shops share the margin instead of losing the sale',
    },
    valueProposition: { triggerAnswers: ['Independent bookshop owners', 'Customers who want a book today'] },
    businessModel: { answers: vp({ 'Customer Jobs': ['Keep the customer instead of sending them online'] }) },
  },
  {
    id: 'long-with-file',
    ideas: {
      text: 'Software that helps internal audit teams collect evidence automatically.',
      context:
        'Audit teams spend 30% of each audit chasing screenshots. Evidence lives in Jira, Slack and SharePoint. ' +
        'Regulators now ask for a full trail: who gave what, when, and for which control.',
    },
    trigger: { idea: 'Automatic evidence collection for internal audit teams.' },
    valueProposition: {
      triggerAnswers: ['Heads of internal audit at banks', 'Evidence is chased by email for weeks', 'Missed controls'],
    },
    businessModel: {
      answers: vp({
        'Customer Jobs': ['Prove each control was tested'],
        'Customer Pains': ['Chasing screenshots'],
        'Customer Gains': ['Audit closed a week early'],
        'Products & Services': ['Connectors for Jira, Slack and SharePoint'],
        'Pain Relievers': ['Evidence collected on a schedule'],
        'Gain Creators': ['One report per control'],
      }),
    },
  },
  {
    id: 'quotes-and-dashes',
    ideas: { text: 'A “second brain” for nurses — shift notes that hand over themselves.' },
    trigger: { idea: 'Shift handover notes for nurses that write themselves.' },
    valueProposition: { triggerAnswers: ['Ward nurses on 12-hour shifts', 'Handover takes "at least 30 minutes"'] },
    businessModel: { answers: vp({ 'Customer Pains': ['Information lost at handover'] }) },
  },
  {
    id: 'stopwords-only',
    ideas: { text: 'It is what it is.' },
    trigger: { idea: 'It is what it is.' },
    valueProposition: { triggerAnswers: ['It is what it is'] },
    businessModel: { answers: vp({ 'Customer Jobs': ['It is what it is'] }) },
  },
  {
    id: 'french-spacing',
    ideas: { text: 'Une crèche partagée pour les start-ups de Lyon ! Les parents gagnent 1 heure par jour.' },
    trigger: { idea: 'Crèche partagée entre start-ups à Lyon.' },
    valueProposition: {
      triggerAnswers: ['Fondateurs avec des enfants de moins de 3 ans', 'Places en crèche : 18 mois d’attente'],
    },
    businessModel: { answers: vp({ 'Products & Services': ['Crèche de 20 places à la Part-Dieu'] }) },
  },
  {
    id: 'prices-and-percentages',
    ideas: { text: 'Solar panel cleaning robots that raise output by 15% for farms over 2 MW, at €0.02 per panel.' },
    trigger: { idea: 'Cleaning robots for solar farms over 2 MW.' },
    valueProposition: { triggerAnswers: ['Solar farm operators in Spain', 'Dust cuts output by up to 15%'] },
    businessModel: { answers: vp({ 'Gain Creators': ['15% more output'], 'Products & Services': ['Robot rental'] }) },
  },
  {
    id: 'several-sentences',
    ideas: {
      text:
        'Pet owners worry when they travel. Sitters are hard to trust. Our app shows live video and a daily vet ' +
        'check. Owners pay per night.',
    },
    trigger: { idea: 'Pet sitting with live video and a daily vet check.' },
    valueProposition: {
      triggerAnswers: ['Owners of anxious dogs', 'They cancel trips', 'They pay a premium for trust', 'Weekends away'],
    },
    businessModel: {
      answers: vp({
        'Customer Jobs': ['Travel without worrying'],
        'Customer Gains': ['Peace of mind'],
        'Customer Pains': ['Sitters who do not show up'],
        'Gain Creators': ['Live video'],
      }),
    },
  },
  {
    id: 'adverbs-and-verbs',
    ideas: { text: 'Helps teams collect feedback quickly and share it directly with product managers.' },
    trigger: { idea: 'Feedback collection for product teams.' },
    valueProposition: { triggerAnswers: ['Product managers at start-ups', 'Feedback scattered across tools'] },
    businessModel: { answers: vp({ 'Pain Relievers': ['Feedback gathered automatically'] }) },
  },
  {
    id: 'multi-line-answers',
    ideas: { text: 'Language exchange for refugees in Berlin.\nMatches newcomers with local volunteers.' },
    trigger: { idea: 'Language exchange that matches refugees in Berlin with local volunteers.' },
    valueProposition: {
      triggerAnswers: ['Refugees who arrived in the last year\nand speak little German', 'Volunteers in Neukölln'],
    },
    businessModel: {
      answers: vp({ 'Customer Jobs': ['Pass the B1 German exam', 'Find a job'], 'Customer Gains': ['A local friend'] }),
    },
  },
  {
    id: 'emoji-and-symbols',
    ideas: { text: 'Plant care reminders 🌱 for people who kill every houseplant & feel bad about it.' },
    trigger: { idea: 'Plant care reminders for forgetful plant owners.' },
    valueProposition: { triggerAnswers: ['Flat dwellers with 5+ plants', 'Plants die within 3 months'] },
    businessModel: { answers: vp({ 'Customer Pains': ['Guilt when a plant dies 🥀'] }) },
  },
  {
    id: 'trailing-off',
    ideas: { text: 'Rent a tool for a weekend… the neighbours already own one... why buy?' },
    trigger: { idea: 'Tool rental between neighbours… for weekend jobs.' },
    valueProposition: { triggerAnswers: ['DIY beginners...', 'Drills used 13 minutes in a lifetime…'] },
    businessModel: { answers: vp({ 'Customer Pains': ['Buying a drill for one shelf…'] }) },
  },
  {
    id: 'clause-with-semicolons',
    ideas: {
      text: 'Clinics lose 12% of appointments to no-shows; reminders by SMS cut that in half; we automate them.',
    },
    trigger: { idea: 'SMS appointment reminders for physiotherapy clinics.' },
    valueProposition: { triggerAnswers: ['Physiotherapy clinics with 3–10 therapists', '12% no-shows'] },
    businessModel: { answers: vp({ 'Pain Relievers': ['Reminders 24 hours before'] }) },
  },
];
