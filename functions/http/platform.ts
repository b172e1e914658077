/** Platform area: the health check; it also answers unknown /api paths (see infra/constructs/api.ts). */
import { platformContract } from '#shared/contract/platform';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';

export const platformRoutes: AreaRoutes<'platform'> = {
  'platform.health': defineRoute('platform.health', {
    handle: async () => ({ body: { status: 'ok' } }),
  }),
};

export const handler = createAreaHandler('platform', platformRoutes, platformContract);
