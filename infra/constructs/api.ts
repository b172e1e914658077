import { RemovalPolicy, Tags } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER, SHARE_LINK_SECRET_ENV } from '#shared/deploy-names';
import { AREAS, type Area, ROUTE_IDS, ROUTES, type RouteDef, type RouteId, routeKey } from '#shared/routes';
import { ORIGIN_SECRET_TAG } from '../origin-secret-versions';
import {
  capacityOf,
  logRetentionOf,
  RESERVED_AREAS,
  type ReservedArea,
  removalPolicyOf,
  resourcePrefix,
  type StageConfig,
} from '../stages';
import { AppFunction } from './function';
import { type GrantTargets, grantNeeds, type Needs, needsOf } from './grants';
import { areaEntry } from './lambda-entries';
import { jsonAccessLogFormat } from './logs';
import { acknowledge } from './nag';
import { pascalCase } from './names';

/**
 * Routes renamed after their first deploy, with the id they were deployed under. Their constructs keep that id: under
 * a new logical id CloudFormation would create a second route with the same key before deleting the first, and API
 * Gateway refuses a duplicate key, failing the deploy.
 */
export const DEPLOYED_ROUTE_IDS: Partial<Record<RouteId, string>> = {
  'feedback.coachPhase': 'review.feedback',
  'feedback.coachSaveSummary': 'review.saveSummary',
  'feedback.coachSaveAnswerFeedback': 'review.saveFeedback',
  'feedback.coachResolve': 'review.resolveFeedback',
  'feedback.coachReply': 'review.replyFeedback',
  'feedback.coachRequestChanges': 'review.requestChanges',
  'feedback.founderOverview': 'journey.feedbackOverview',
  'feedback.founderPhase': 'journey.feedback',
  'feedback.founderReply': 'journey.replyFeedback',
  'feedback.founderResolve': 'journey.resolveFeedback',
};

/** The construct id of a route of the table. */
export const routeConstructId = (id: RouteId): string => `Route${pascalCase(DEPLOYED_ROUTE_IDS[id] ?? id)}`;

/** The Cognito reads of the coach access check, which every area with admin routes runs. */
const COACH_CHECK = ['AdminGetUser', 'AdminListGroupsForUser'] as const;

/** What each area's function may do; an area added to AREAS must be declared here (a type error until it is). */
export const AREA_NEEDS = {
  platform: {},
  accounts: {
    table: 'readWrite',
    sendEmail: true,
    // Sign-up finds the address's user, creates it and sets its password; it reuses only a user it
    // started itself, in no group (AdminListGroupsForUser: never a coach), and deletes nobody.
    cognitoAdmin: ['ListUsers', 'AdminGetUser', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminListGroupsForUser'],
  },
  payments: { table: 'readWrite', readSecrets: ['stripeSecretKey', 'stripeWebhookSecret'] },
  journey: { table: 'readWrite' },
  // Idea generation and a tool's drafted suggestions: the founder's grounding and the stored suggestions in the
  // table, the stage's model (or webhook), and the generation counter.
  ai: { table: 'readWrite', invokeAiModel: true },
  // purgeObjects: a refused upload is deleted with every version.
  dataroom: { table: 'readWrite', dataBucket: 'readWrite', purgeObjects: true },
  validation: { table: 'readWrite' },
  // Admin routes check the coach against Cognito's current state (functions/lib/admin-mfa.ts): AdminGetUser for
  // enabled and the authenticator app, AdminListGroupsForUser for membership of the admin group.
  questions: { table: 'readWrite', cognitoAdmin: COACH_CHECK },
  review: { table: 'readWrite', cognitoAdmin: COACH_CHECK },
  // The founder directory reads founders and their files and writes only download audit items; no S3 writes.
  founders: { table: 'readWrite', dataBucket: 'read', cognitoAdmin: COACH_CHECK },
  // Share links: links, viewer sessions and view logs in the table (ShareLinkViewed in the outbox with the view);
  // presigned reads of shared files (never a write to the bucket).
  // shareLinkKeys: a link's token is derived from its id with the stage's key, so its owner can copy it again.
  sharing: { table: 'readWrite', dataBucket: 'read', readSecrets: ['shareLinkKeys'] },
  // Deleting one's own account: the table items, the data-room objects, the goodbye email, and the Cognito user —
  // the only function allowed AdminDeleteUser (AdminGetUser: a retried deletion confirms against Cognito's email).
  deletion: {
    table: 'readWrite',
    // purgeObjects: every version of the founder's objects, not just a delete marker over them.
    dataBucket: 'readWrite',
    purgeObjects: true,
    sendEmail: true,
    cognitoAdmin: ['AdminGetUser', 'AdminDeleteUser'],
  },
} as const satisfies Record<Area, Needs>;

/**
 * Stage-wide limits from the capacity model (infra/capacity-model.ts): twice the peak the stage's
 * `expectedFounders` make, so a launch day fits and a runaway client still meets a limit. API Gateway
 * answers 429 beyond them.
 */
export const apiThrottleOf = (stage: StageConfig) => capacityOf(stage).apiThrottle;

/** Every area's function reads the origin secret: the shared middleware refuses a request without it. */
const HTTP_NEEDS = { readSecrets: ['originVerify'] } as const satisfies Needs;

const withHttpNeeds = (needs: Needs): Needs => ({
  ...needs,
  readSecrets: [...(needs.readSecrets ?? []), ...HTTP_NEEDS.readSecrets],
});

const isReservedArea = (area: Area): area is ReservedArea => (RESERVED_AREAS as readonly Area[]).includes(area);

export interface ApiProps {
  readonly stage: StageConfig;
  /** The Cognito pool's token issuer and the app client id the tokens must be issued to. */
  readonly issuerUrl: string;
  readonly userPoolClientId: string;
}

export interface AreasProps {
  readonly environment: Readonly<Record<string, string>>;
  readonly targets: GrantTargets;
}

/**
 * The HTTP API built from the route table (shared/routes.ts): one Lambda per area,
 * one route per entry, and Cognito's JWT authorizer on every route that is not `public`.
 * Finer access levels (founder, admin) are checked by the handlers from the token's claims.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /**
   * A random value only CloudFront and the functions know: the distribution sends it to the API origin
   * in ORIGIN_VERIFY_HEADER, and the functions refuse any request without it, so the execute-api address
   * beside CloudFront (and its WAF) answers nothing but 403s.
   */
  readonly originSecret: Secret;
  readonly shareLinkSecret: Secret;
  readonly stage: HttpStage;
  readonly authorizer: HttpJwtAuthorizer;
  readonly functions = new Map<Area, AppFunction>();
  readonly routes = new Map<string, HttpRoute>();
  private readonly stageConfig: StageConfig;

  constructor(scope: Construct, id: string, { stage, issuerUrl, userPoolClientId }: ApiProps) {
    super(scope, id);
    this.stageConfig = stage;
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: resourcePrefix(stage),
      description: `Preseed API (${stage.name}), reached through the site's CloudFront distribution under /api`,
      // The default stage is declared below, where it can take throttling and access logs.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiThrottleOf(stage),
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: jsonAccessLogFormat({
          sub: '$context.authorizer.claims.sub',
          authorizerError: '$context.authorizer.error',
          integrationLatency: '$context.integrationLatency',
          responseLatency: '$context.responseLatency',
          responseLength: '$context.responseLength',
        }),
      },
    });

    this.originSecret = new Secret(this, 'OriginSecret', {
      description:
        `Preseed ${stage.name}: what CloudFront sends the API in ${ORIGIN_VERIFY_HEADER}; ` +
        'the API refuses requests without it',
      // Letters and digits only: it travels as a header value. 64 of them are about 380 bits.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      // It guards nothing once the stack is gone, and a new one is generated with the next.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // How `npm run rotate:origin-secret` finds it without reading the stack.
    Tags.of(this.originSecret).add(ORIGIN_SECRET_TAG, stage.name);
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'Not rotated on a schedule: CloudFront receives the value when the stack deploys (a CloudFormation dynamic ' +
        'reference), so a rotation Lambda would leave the distribution sending the old one. `npm run ' +
        'rotate:origin-secret` puts a new version (the API accepts it and the previous one) and pins it for the ' +
        'next deploy (ops/rotate-origin-secret.ts, decision 016).',
    );

    this.shareLinkSecret = new Secret(this, 'ShareLinkSecret', {
      description:
        `Preseed ${stage.name}: the keys share-link tokens are derived from (HMAC of the link id), by version; ` +
        '"current" names the one new links use (functions/lib/share-link-keys.ts)',
      // Created with its first key, so the first deploy needs no step by hand: {"current":"1","1":"<64 characters>"}.
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ current: '1' }),
        generateStringKey: '1',
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      // Kept with the table it serves: without it no stored link could be copied again (they would still open).
      removalPolicy: removalPolicyOf(stage),
    });
    acknowledge(
      this.shareLinkSecret,
      'AwsSolutions-SMG4',
      'Not rotated on a schedule: a rotation adds a key version and makes it current, keeping the older ones so ' +
        'the links minted with them can still be copied (docs/operations.md, "Share-link keys"). Links open by ' +
        "their token's hash whatever the key, so a rotation never breaks a link.",
    );

    this.authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', issuerUrl, {
      authorizerName: 'cognito',
      jwtAudience: [userPoolClientId],
    });
  }

  /** Separate from the constructor: the functions need the site's URL, and the site needs this API first. */
  addAreas({ environment, targets }: AreasProps): void {
    const integrations = new Map<Area, HttpLambdaIntegration>();
    const { reservedConcurrency } = this.stageConfig;
    for (const area of AREAS) {
      const fn = new AppFunction(this, pascalCase(area), {
        entry: areaEntry(area),
        stage: this.stageConfig,
        description: `Preseed ${this.stageConfig.name}: HTTP routes of area ${area}`,
        // Only the HTTP functions check the origin header; its value is a secret's ARN, not the secret.
        environment: {
          ...environment,
          [ORIGIN_SECRET_ENV]: this.originSecret.secretArn,
          [SHARE_LINK_SECRET_ENV]: this.shareLinkSecret.secretArn,
        },
        logRetention: logRetentionOf(this.stageConfig),
        removalPolicy: removalPolicyOf(this.stageConfig),
        reservedConcurrency: reservedConcurrency && isReservedArea(area) ? reservedConcurrency[area] : undefined,
      });
      grantNeeds(fn, withHttpNeeds(needsOf(AREA_NEEDS, area, 'AREA_NEEDS in infra/constructs/api.ts')), targets);
      this.functions.set(area, fn);
      // One permission per function for the whole API (CDK's API-scoped one) instead of one per route: the stack
      // stays under CloudFormation's 500 resources, and the API only sends an area's routes to its function anyway.
      integrations.set(
        area,
        new HttpLambdaIntegration(`${pascalCase(area)}Integration`, fn.live, { scopePermissionToRoute: false }),
      );
    }

    for (const id of ROUTE_IDS) {
      const route: RouteDef = ROUTES[id];
      const integration = integrations.get(route.area);
      if (!integration) throw new Error(`Route ${id} names area ${route.area}, which is not in AREAS`);
      const httpRoute = new HttpRoute(this, routeConstructId(id), {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        ...(route.access === 'public' ? {} : { authorizer: this.authorizer }),
      });
      if (route.access === 'public') {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          `${routeKey(id)} is public in the route table (shared/routes.ts); anonymous callers are its purpose.`,
        );
      }
      this.routes.set(routeKey(id), httpRoute);
    }

    // Unknown /api paths reach the platform function, whose router answers 404 in our JSON error
    // shape; API Gateway's own 404 would be `{"message":"Not Found"}`.
    const platform = integrations.get('platform');
    if (!platform) throw new Error('AREAS must include platform, which answers unknown /api paths');
    const catchAll = new HttpRoute(this, 'RouteUnknownApiPath', {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.with('/api/{proxy+}', HttpMethod.ANY),
      integration: platform,
    });
    acknowledge(
      catchAll,
      'AwsSolutions-APIG4',
      'The catch-all only answers 404 for paths that are not in the route table; it reads no data.',
    );
  }
}
