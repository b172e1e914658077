/**
 * How each automation's response keys map onto our categories. The spellings are the
 * automations' own (spec §7) and must not be "fixed": the trigger automation answers with
 * either `Customer_Jobs` or `Customer Jobs`, and the business-model one says
 * `valuePrepositions`. Typing the table by Category makes a forgotten category a compile error.
 */
import type { Category, PhaseType } from '#shared/domain/questions';

export type ResponseKeys = { [T in PhaseType]: Record<Category<T>, readonly string[]> };

/** Aliases per category, first the spec's spelling; values under several aliases are merged. */
export const RESPONSE_KEYS: ResponseKeys = {
  trigger: {
    'Customer Jobs': ['Customer_Jobs', 'Customer Jobs'],
    'Customer Gains': ['Customer_Gains', 'Customer Gains'],
    'Customer Pains': ['Customer_Pains', 'Customer Pains'],
  },
  'value-proposition': {
    'Customer Jobs': ['customerJobs'],
    'Customer Pains': ['customerPains'],
    'Customer Gains': ['customerGains'],
    'Products & Services': ['productsServices'],
    'Pain Relievers': ['painRelievers'],
    'Gain Creators': ['gainCreators'],
  },
  'business-model': {
    'Key Partners': ['keyPartners'],
    'Key Activities': ['keyActivities'],
    'Key Resources': ['keyResources'],
    // The automation's (misspelt) key comes first; the correct spelling is accepted too in
    // case the automation is ever corrected, so that fix does not silently empty the box.
    'Value Propositions': ['valuePrepositions', 'valuePropositions'],
    'Customer Relationships': ['customerRelationships'],
    Channels: ['channels'],
    'Customer Segments': ['customerSegments'],
    'Cost Structure': ['costStructure'],
    'Revenue Streams': ['revenueStreams'],
  },
};
