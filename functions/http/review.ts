/** Review area: what coaches do with a founder's answers — for now, unlocking the next phase. */
import * as z from 'zod';
import { QUESTION_TYPES } from '../domain/questions';
import { publish } from '../integrations/events';
import { NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { getAccountItems } from '../store/accounts';
import { unlockPhase } from '../store/unlock';
import type { UnlockResponse } from './api-types';

export const reviewRoutes: AreaRoutes<'review'> = {
  'review.unlock': defineRoute('review.unlock', {
    params: z.object({ userId: z.string().regex(/^[\w-]{1,64}$/, { error: 'userId is not a valid user id.' }) }),
    body: z.strictObject({
      phase: z.enum(QUESTION_TYPES, { error: () => `phase must be one of: ${QUESTION_TYPES.join(', ')}.` }),
    }),
    handle: async ({ params, body, log }) => {
      const before = await getAccountItems(params.userId);
      if (!before.profile) throw new NotFoundError('No founder with this id.');
      const changed = await unlockPhase(params.userId, body.phase, new Date().toISOString());
      if (changed) await publish('PhaseUnlocked', { userId: params.userId, phase: body.phase });
      log.info('phase unlocked', { userId: params.userId, phase: body.phase, changed });
      const { phases } = await getAccountItems(params.userId);
      const response: UnlockResponse = { userId: params.userId, phase: body.phase, changed, phases };
      return { body: response };
    },
  }),
};

export const handler = createAreaHandler('review', reviewRoutes);
