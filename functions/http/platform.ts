/** Platform area: health and the caller's identity. */

import type { AreaRoutes } from '../lib/http';
import { defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';

export const platformRoutes: AreaRoutes<'platform'> = {
  'platform.health': defineRoute('platform.health', {
    handle: async () => ({ body: { status: 'ok' } }),
  }),
  'platform.me': defineRoute('platform.me', {
    handle: async ({ principal }) => ({
      body: { userId: principal.sub, username: principal.username, isAdmin: principal.isAdmin },
    }),
  }),
};

export const handler = createAreaHandler('platform', platformRoutes);
