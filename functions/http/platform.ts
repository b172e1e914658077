/** Platform area: the health check; it also answers unknown /api paths (see infra/constructs/api.ts). */
import { HEALTH_DEPENDENCIES, platformContract } from '#shared/contract/platform';
import { ServiceUnavailableError } from '../lib/errors';
import { checkDependencies } from '../lib/health';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';

export const platformRoutes: AreaRoutes<'platform'> = {
  'platform.health': defineRoute('platform.health', {
    handle: async () => {
      const dependencies = await checkDependencies();
      const down = HEALTH_DEPENDENCIES.filter((name) => dependencies[name] === 'down');
      // The error shape like every other refusal, so a monitor reads the status and a person the message.
      if (down.length > 0) {
        throw new ServiceUnavailableError(`Not every dependency is up: ${down.join(', ')} down.`, { dependencies });
      }
      return { body: { status: 'ok', dependencies } };
    },
  }),
};

export const handler = createAreaHandler('platform', platformRoutes, platformContract);
