/** Builds an area's Lambda handler from its route implementations. */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AreaContract } from '#shared/contract/schema';
import type { Area } from '#shared/routes';
import { coachAccount } from '../integrations/cognito-mfa';
import { readAcceptedSecrets } from '../integrations/secrets';
import { forgetCoachMfa, getCoachSession, recordCoachMfa } from '../store/coach-sessions';
import { readCaller } from '../store/profiles';
import { createCoachCheck } from './admin-mfa';
import { type AccessChecks, type AreaRoutes, dispatch } from './http';
import { httpErrors, originVerify, requestContext, requestState } from './middleware';
import { traceInvocation } from './tracing';

const defaultChecks: AccessChecks = {
  readFounder: readCaller,
  checkCoach: createCoachCheck({
    account: coachAccount,
    session: getCoachSession,
    recordMfa: recordCoachMfa,
    forgetMfa: forgetCoachMfa,
  }),
};

export type AreaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export function createAreaHandler<A extends Area>(
  area: A,
  routes: AreaRoutes<A>,
  contract: AreaContract<A>,
  checks: AccessChecks = defaultChecks,
): AreaHandler {
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    // First, so the trace spans every other middleware, the refused requests' included.
    .use(traceInvocation())
    .use(requestContext(area))
    .use(httpErrors())
    // After the two above: a refused request is logged and answered in the error shape.
    .use(originVerify(readAcceptedSecrets))
    .handler((event) => dispatch(area, routes, event, requestState(event).log, checks, contract));
  return (event, context) => handler(event, context);
}
