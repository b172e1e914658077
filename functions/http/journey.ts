/** Journey area: the founder's own progress through the phases. */

import { percentOf } from '../domain/progress';
import { QUESTION_TYPES, type QuestionType } from '../domain/questions';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { newestFileUploadedAt } from '../store/files';
import { keys } from '../store/keys';
import { countUserItems, getProgressCounts } from '../store/progress';
import type { DashboardResponse, PhaseProgress } from './api-types';

export const journeyRoutes: AreaRoutes<'journey'> = {
  'journey.dashboard': defineRoute('journey.dashboard', {
    handle: async ({ principal }) => {
      const [counts, tests, files, lastUploadedAt] = await Promise.all([
        getProgressCounts(principal.sub),
        countUserItems(principal.sub, keys.testRunPrefix),
        countUserItems(principal.sub, keys.filePrefix),
        newestFileUploadedAt(principal.sub),
      ]);
      const progress = Object.fromEntries(
        QUESTION_TYPES.map((type) => {
          const answered = counts.answered[type];
          const total = counts.totals[type];
          return [type, { answered, total, percent: percentOf(answered, total) }];
        }),
      ) as Record<QuestionType, PhaseProgress>;
      const response: DashboardResponse = {
        progress,
        validationTests: { count: tests },
        documents: { count: files, lastUploadedAt },
      };
      return { body: response };
    },
  }),
};

export const handler = createAreaHandler('journey', journeyRoutes);
