import { useMemo } from 'react';
import type { QuestionType } from '#shared/domain/questions';
import { useFeedbackOverview } from '../../data/feedback/feedback-api';
import { PATHS, TOOL_PAGES } from '../../lib/paths';
import './feedback.css';

/** The founder page where each phase's answers (and so its feedback) are. */
export const FEEDBACK_PAGE_PATHS: Record<QuestionType, string> = {
  trigger: PATHS.triggerQuestions,
  'value-proposition': PATHS.valueProposition,
  'business-model': PATHS.businessModel,
  ...TOOL_PAGES,
};

/** Open coach comments per founder page path, for the sidebar's badges. Empty while unknown. */
export function useFeedbackBadges({ enabled }: { enabled: boolean }): ReadonlyMap<string, number> {
  const overview = useFeedbackOverview({ enabled });
  return useMemo(() => {
    const badges = new Map<string, number>();
    for (const p of overview.data?.phases ?? []) {
      if (p.open > 0) badges.set(FEEDBACK_PAGE_PATHS[p.phase], p.open);
    }
    return badges;
  }, [overview.data]);
}
