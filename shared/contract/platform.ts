import * as z from 'zod';
import type { AreaContract } from './schema';

export const platformContract = {
  'platform.health': { response: z.object({ status: z.literal('ok') }) },
} as const satisfies AreaContract<'platform'>;
