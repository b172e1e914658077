/**
 * POST /api/suggestions/{tool}: drafts suggestions for every section of a Validate tool from the founder's earlier
 * work and stores them (USER#<sub> / SUGGEST#<tool>), where GET /api/suggestions/{tool} reads them.
 *
 * The rule for a repeated request: a stored draft is returned as it is — no AI call, nothing counted against the
 * founder's AI limits — while what it was drafted from is unchanged: the same idea, setup, canvas and other tools'
 * answers, validation test outcomes and coach's guidance questions, and the same drafter (model and prompt version).
 * Once any of it changes, the next request drafts again and counts as one AI generation. A failed draft stores
 * nothing (an earlier draft stays) and answers 503 with why.
 *
 * Only the founder's own partition is read, by the verified token's `sub`, in four requests whatever the number of
 * founders: one BatchGet (profile, phase flags, stored draft), one query of their answers, one of their tests and
 * one of the tool's guidance questions.
 */
import { createHash } from 'node:crypto';
import type { SuggestionsResponse } from '#shared/api-types';
import { storedOnboarding } from '#shared/contract/accounts';
import { TOOL_SUGGESTION_FAILURE_MESSAGES } from '#shared/domain/ai-failures';
import { aiLimitMessage } from '#shared/domain/ai-limits';
import { ANSWER_PAGE, PAGE_GATES } from '#shared/domain/phases';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { type ToolId, toolFieldOf } from '#shared/domain/validate-tools';
import { toolDrafterFromEnv } from '../integrations/ai/tool-drafter';
import type { MaterialAnswer, ToolMaterial } from '../integrations/ai/tool-material';
import { ServiceUnavailableError, TooManyRequestsError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { AccountClosedError } from '../store/account-guard';
import { countAiGeneration } from '../store/ai-generations';
import { PhaseLockedError } from '../store/answers';
import { batchGetAll } from '../store/batch-get';
import { tableName } from '../store/client';
import { listFounderTests } from '../store/founder-file';
import { keys } from '../store/keys';
import { queryAll } from '../store/query';
import { listQuestions } from '../store/questions';
import { basisOf, putSuggestions, suggestionsOf } from '../store/suggestions';
import { testLine } from './tool-prefill';

const ANSWER_PREFIX = 'ANSWER#';

const isQuestionType = (value: string): value is QuestionType => (QUESTION_TYPES as readonly string[]).includes(value);

/** Every answer of the founder's but the drafted tool's own, from one query of their answer items. */
async function earlierAnswers(sub: string, tool: ToolId): Promise<MaterialAnswer[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': ANSWER_PREFIX },
  });
  return items.flatMap((item): MaterialAnswer[] => {
    // ANSWER#<type>#<questionId>: a type holds no '#'.
    const type = String(item.SK).slice(ANSWER_PREFIX.length).split('#')[0] ?? '';
    if (!isQuestionType(type) || type === tool) return [];
    const answers = Array.isArray(item.answers) ? item.answers.map(String) : [];
    return [{ type, questionId: String(item.questionId), category: String(item.category), answers }];
  });
}

/** What a draft would be built from, and the stored draft (if any) with the fingerprint of its own material. */
async function readMaterial(sub: string, tool: ToolId) {
  const gate = PAGE_GATES[ANSWER_PAGE[tool]];
  const [items, answers, tests, questions] = await Promise.all([
    batchGetAll(tableName(), [keys.profile(sub), keys.phases(sub), keys.suggestions(sub, tool)], {
      consistentRead: true,
    }),
    earlierAnswers(sub, tool),
    listFounderTests(sub),
    listQuestions(tool),
  ]);
  const find = (key: { PK: string; SK: string }) => items.find((i) => i.PK === key.PK && i.SK === key.SK);
  // The gate the tool's saves check (store/answers.ts): the same refusal, the same 403 and sentence.
  if (find(keys.phases(sub))?.[gate] !== true) throw new PhaseLockedError(tool, gate);
  const profile = find(keys.profile(sub));
  const setup = storedOnboarding.safeParse(profile?.onboarding);
  const idea = typeof profile?.idea === 'string' && profile.idea.trim() ? profile.idea : null;
  const material: ToolMaterial = {
    tool,
    idea,
    setup: setup.success ? setup.data : null,
    answers,
    tests: tests.map(testLine).filter((line): line is string => line !== null),
    // The coach's guidance questions only: the built-in fields are the sections' own, named in the prompt.
    guidance: questions
      .filter((q) => toolFieldOf(tool, q.id) === null)
      .map((q) => ({ category: q.category, text: q.text })),
  };
  const stored = find(keys.suggestions(sub, tool));
  return { material, stored: suggestionsOf(stored), storedBasis: basisOf(stored) };
}

/** The fingerprint of a draft: who drafts it and everything it is drafted from. */
export function draftBasis(identity: string, material: ToolMaterial): string {
  return createHash('sha256').update(JSON.stringify({ identity, material })).digest('base64url');
}

export async function draftToolSuggestions(sub: string, tool: ToolId, log: Logger): Promise<SuggestionsResponse> {
  const { material, stored, storedBasis } = await readMaterial(sub, tool);
  const drafter = toolDrafterFromEnv(process.env, log);
  const basis = draftBasis(drafter.identity, material);
  if (stored && stored.source !== 'failed' && storedBasis === basis) return { suggestions: stored };
  // Counted before the call, so a burst cannot start more drafts than the limit while they are slow.
  const quota = await countAiGeneration(sub, Math.floor(Date.now() / 1000));
  if (!quota.allowed) {
    throw new TooManyRequestsError(aiLimitMessage(quota.reached, quota.retryAfterSeconds), quota.retryAfterSeconds);
  }
  const outcome = await drafter.draft(material);
  if (!outcome.ok) throw new ServiceUnavailableError(TOOL_SUGGESTION_FAILURE_MESSAGES[outcome.reason]);
  const suggestions = { sections: outcome.value, source: outcome.source, createdAt: new Date().toISOString() };
  if (!(await putSuggestions(sub, tool, suggestions, basis))) throw new AccountClosedError();
  return { suggestions };
}
