/**
 * Who drafts a Validate tool's suggestions in this environment: the stage's Bedrock model when one is configured,
 * else the offline drafter. The hosted webhooks (spec §7) define no tool automation, so none is asked. Like the
 * port's operations, a failed model call is a failure (the founder reads why), never replaced by an offline draft.
 */
import { CATEGORIES } from '#shared/domain/questions';
import { type Logger, rootLogger } from '../../lib/logger';
import { askModel } from './bedrock';
import { type AiEnv, aiProvidersFromEnv } from './index';
import { draftToolOffline, type ToolSuggestions } from './offline-tools';
import { parseToolSuggestions } from './parse';
import type { AiOutcome } from './port';
import { TOOL_SUGGESTIONS_PROMPT_VERSION, toolSuggestionsPrompt } from './prompts/tool-suggestions';
import type { ToolMaterial } from './tool-material';

export type { ToolSuggestions };

export interface ToolDrafter {
  /**
   * Who drafts and with which wording ("bedrock:<model>:toolSuggestions@1", "offline-tools@2"): a stored draft is reused only
   * while this and the founder's material are unchanged.
   */
  readonly identity: string;
  draft(material: ToolMaterial): Promise<AiOutcome<ToolSuggestions>>;
}

/** Whether the founder has written anything a draft could build on. */
export function hasMaterial(material: ToolMaterial): boolean {
  return Boolean(material.idea?.trim()) || material.tests.length > 0 || material.answers.some((a) => a.answers.length);
}

/** Raise with any change to the frames or the bases (tool-basis.ts), so stored offline drafts are drafted again. */
export const OFFLINE_TOOL_DRAFTER_VERSION = 'offline-tools@2';

const offline: ToolDrafter = {
  identity: OFFLINE_TOOL_DRAFTER_VERSION,
  draft: (material) => Promise.resolve({ ok: true, value: draftToolOffline(material), source: 'offline' }),
};

export function toolDrafterFromEnv(
  env: AiEnv = process.env,
  log: Logger = rootLogger.child({ component: 'ai-automations' }),
): ToolDrafter {
  const { modelId } = aiProvidersFromEnv(env, log);
  if (!modelId) return offline;
  return {
    identity: `bedrock:${modelId}:${TOOL_SUGGESTIONS_PROMPT_VERSION}`,
    draft: (material) => {
      // Nothing written yet: the drafter's "start here" lines say where to begin; a model would only invent.
      if (!hasMaterial(material)) return offline.draft(material);
      const sections = CATEGORIES[material.tool];
      return askModel({ modelId, kind: 'http', log }, toolSuggestionsPrompt(material), (json) =>
        parseToolSuggestions(sections, json),
      );
    },
  };
}
