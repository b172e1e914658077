/**
 * Coaches must have an authenticator app on every cloud stage: the API functions are told so, the areas
 * with admin routes may read a coach's MFA settings, and /config.json tells the login page to set one up.
 */
import { Stack } from 'aws-cdk-lib';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { AREAS, ROUTE_IDS, ROUTES } from '#shared/routes';
import { ADMIN_MFA_REQUIRED } from '../../functions/lib/admin-mfa';
import { ENV_NAMES } from '../../functions/lib/env';
import { runtimeConfig } from '../constructs/site';
import { parseStages } from '../stages';
import { appFunctionsOf, cdkJsonContext, propertiesOf, synthStage } from './synth';

interface FunctionProps {
  Runtime?: string;
  Environment?: { Variables?: Record<string, unknown> };
}
interface PolicyProps {
  Roles: { Ref: string }[];
  PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
}

const AREAS_WITH_ADMIN_ROUTES = new Set(
  ROUTE_IDS.filter((id) => ROUTES[id].access === 'admin').map((id) => ROUTES[id].area),
);

describe.each(['dev', 'prod'])('admin MFA on stage %s', (stageName) => {
  const { stack, template } = synthStage(stageName);

  it('is required in the environment of every function', () => {
    const functions = appFunctionsOf<FunctionProps>(template);
    expect(functions.length).toBeGreaterThan(AREAS.length);
    for (const fn of functions) expect(fn.Environment?.Variables?.[ENV_NAMES.adminMfa]).toBe(ADMIN_MFA_REQUIRED);
  });

  it('lets exactly the areas with admin routes read the coach (AdminGetUser, AdminListGroupsForUser), on the pool only', () => {
    expect([...AREAS_WITH_ADMIN_ROUTES].sort()).toEqual(['founders', 'questions', 'review']);
    const policies = propertiesOf<PolicyProps>(template, 'AWS::IAM::Policy');
    const poolArn = stack.resolve(stack.auth.userPool.userPoolArn);
    for (const area of AREAS) {
      const fn = stack.api.functions.get(area);
      const role = fn?.role?.node.defaultChild as CfnRole | undefined;
      if (!role) throw new Error(`no role for area ${area}`);
      const roleId = Stack.of(role).getLogicalId(role);
      const statements = policies
        .filter((p) => p.Roles.some((r) => r.Ref === roleId))
        .flatMap((p) => p.PolicyDocument.Statement)
        .filter((s) => [s.Action].flat().includes('cognito-idp:AdminGetUser'));
      if (AREAS_WITH_ADMIN_ROUTES.has(area)) {
        expect(statements, area).toHaveLength(1);
        expect(statements[0]?.Resource, area).toEqual(poolArn);
        expect([statements[0]?.Action].flat().sort(), area).toEqual([
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminListGroupsForUser',
        ]);
      } else if (area !== 'accounts' && area !== 'deletion') {
        // accounts reads users for sign-up and deletion reads the caller's own email to confirm a retried deletion
        // (AREA_NEEDS); no other area needs the Cognito admin API.
        expect(statements, area).toHaveLength(0);
      }
    }
  });

  it('tells the login page, through /config.json, to set up the authenticator app the API checks', () => {
    const stage = parseStages(cdkJsonContext().stages)[stageName];
    if (!stage) throw new Error(`cdk.json has no stage ${stageName}`);
    expect(runtimeConfig(stage, 'pool', 'client', 'wss://realtime').adminMfa).toBe(ADMIN_MFA_REQUIRED);
  });
});
