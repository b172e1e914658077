import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { ErrorBody } from '#shared/api-types';
import { ROUTES, type RouteId } from '#shared/routes';
import { logRetentionOf, removalPolicyOf, resourcePrefix, type StageConfig } from '../stages';

/** The paths the tighter rate limit counts: sign-up's code and its verification (shared/routes.ts). */
export const AUTH_PATH_PREFIX = '/api/auth/';

/** WAF counts rate-based rules over a sliding window; the stage settings are per this window. */
export const RATE_WINDOW_SECONDS = 300;

/** The label the common rule set puts on a request whose body is over 8 KB (its rule SizeRestrictions_BODY). */
export const LARGE_BODY_LABEL = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

/**
 * Routes whose JSON body may rightly pass the common rule set's 8 KB: the API's own limits allow more
 * (UTF-8 text takes up to 4 bytes a character). Everywhere else — sign-up, checkout, onboarding — a body
 * over 8 KB is still blocked by WAF before it costs a Lambda invocation.
 * - idea generation: a 2000-character description plus up to 100,000 characters of file text;
 * - saving an idea (4000 characters) and an answer list (50 answers of 2000 characters);
 * - a validation test's results and evaluation notes (5000 characters each);
 * - a founder's own validation test (a name, hypothesis, method, metric, success criterion and up to 20 steps:
 *   up to 8,900 characters);
 * - a coach's question (text 1000, explanation and example 4000 each, video link 2000);
 * - Stripe's webhook: an event carries the whole Checkout session, which Stripe may grow past 8 KB.
 * Each of these checks its body's size itself (zod limits in functions/http), and API Gateway caps
 * every body at 10 MB.
 */
export const LARGE_BODY_ROUTES = [
  'journey.generateIdeas',
  'journey.saveIdea',
  'journey.saveAnswer',
  'validation.update',
  'validation.createCustom',
  'validation.editCustom',
  'questions.create',
  'questions.update',
  'payments.webhook',
] as const satisfies readonly RouteId[];

/** WAF writes to a CloudWatch log group only when its name starts so. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/**
 * Request headers WAF writes into its logs as REDACTED: the access token and the cookies would let anyone who may
 * read the logs act as the founder.
 */
export const WAF_REDACTED_HEADERS = ['authorization', 'cookie'] as const;

export interface SiteFirewallProps {
  readonly stage: StageConfig;
}

type Statement = CfnWebACL.StatementProperty;

/** A route's path as WAF compares it: exact, or up to its first `{parameter}`. */
export function routePathMatch(id: RouteId): { readonly path: string; readonly exact: boolean } {
  const { path } = ROUTES[id];
  const brace = path.indexOf('{');
  return brace === -1 ? { path, exact: true } : { path: path.slice(0, brace), exact: false };
}

const uriPath = (searchString: string, positionalConstraint: 'EXACTLY' | 'STARTS_WITH'): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const errorBody = (body: ErrorBody): string => JSON.stringify(body);

/**
 * The site's WAF web ACL (scope CLOUDFRONT, so it lives in us-east-1: infra/edge-stack.ts). In order:
 * 1. a tighter per-address rate limit on /api/auth/ (public sign-up routes that send email);
 * 2. a per-address rate limit on everything;
 * 3. AWS's known-bad-inputs rule group (Log4Shell, Java deserialization, exploitable paths);
 * 4. AWS's common rule set (OWASP-style XSS, LFI/RFI, size limits), its 8 KB body rule counted only;
 * 5. that 8 KB body rule again, blocking everywhere but LARGE_BODY_ROUTES.
 * Blocked API calls answer in the API's JSON error shape, so the frontend shows the message.
 */
export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  /** The web ACL's name: its CloudWatch metrics' WebACL dimension. */
  readonly webAclName: string;
  /** Every request the web ACL saw, with the rule that decided it (for the waf-blocked-requests alarm's operator). */
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, { stage }: SiteFirewallProps) {
    super(scope, id);
    const prefix = resourcePrefix(stage);
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${prefix}-${name}`,
      sampledRequestsEnabled: true,
    });
    const bodies = {
      TooManyRequests: errorBody({
        error: 'TooManyRequests',
        message: 'Too many requests from your network. Please wait a few minutes and try again.',
      }),
      PayloadTooLarge: errorBody({ error: 'PayloadTooLarge', message: 'The request body is too large.' }),
    };
    const block = (status: number, body: keyof typeof bodies, headers: Record<string, string> = {}) => ({
      block: {
        customResponse: {
          responseCode: status,
          customResponseBodyKey: body,
          responseHeaders: Object.entries({ 'cache-control': 'no-store', ...headers }).map(([name, value]) => ({
            name,
            value,
          })),
        },
      },
    });
    const perAddress = (limit: number, scopeDownStatement?: Statement): Statement => ({
      rateBasedStatement: {
        limit,
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        aggregateKeyType: 'IP',
        ...(scopeDownStatement ? { scopeDownStatement } : {}),
      },
    });
    const retryAfter = { 'retry-after': String(RATE_WINDOW_SECONDS) };
    const largeBodyPaths = LARGE_BODY_ROUTES.map(routePathMatch)
      // One statement per distinct path: saving and deleting an answer share theirs.
      .filter((match, i, all) => all.findIndex((m) => m.path === match.path && m.exact === match.exact) === i)
      .map(({ path, exact }) => uriPath(path, exact ? 'EXACTLY' : 'STARTS_WITH'));

    this.webAclName = `${prefix}-site`;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      // WAF allows letters, digits, spaces and few marks in a description (no apostrophe).
      description: `Preseed ${stage.name} - the site and its API, in front of CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      customResponseBodies: Object.fromEntries(
        Object.entries(bodies).map(([key, content]) => [key, { contentType: 'APPLICATION_JSON', content }]),
      ),
      rules: [
        {
          name: 'AuthRateLimit',
          priority: 0,
          statement: perAddress(stage.waf.authRequestsPer5Minutes, {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'STARTS_WITH',
              searchString: AUTH_PATH_PREFIX,
              // /API/Auth/ or %61uth must not walk around the limit.
              textTransformations: [
                { priority: 0, type: 'URL_DECODE' },
                { priority: 1, type: 'LOWERCASE' },
              ],
            },
          }),
          action: block(429, 'TooManyRequests', retryAfter),
          visibilityConfig: visibility('auth-rate-limit'),
        },
        {
          name: 'RateLimit',
          priority: 1,
          statement: perAddress(stage.waf.requestsPer5Minutes),
          action: block(429, 'TooManyRequests', retryAfter),
          visibilityConfig: visibility('rate-limit'),
        },
        {
          name: 'KnownBadInputs',
          priority: 2,
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
          overrideAction: { none: {} },
          visibilityConfig: visibility('known-bad-inputs'),
        },
        {
          name: 'CommonRuleSet',
          priority: 3,
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Counted (labelled) instead of blocked: some routes take bodies over 8 KB (LARGE_BODY_ROUTES);
              // the next rule blocks the label everywhere else.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility('common-rule-set'),
        },
        {
          name: 'LargeBodyOutsideLargeBodyRoutes',
          priority: 4,
          statement: {
            andStatement: {
              statements: [
                { labelMatchStatement: { scope: 'LABEL', key: LARGE_BODY_LABEL } },
                {
                  notStatement: {
                    statement:
                      largeBodyPaths.length === 1 && largeBodyPaths[0]
                        ? largeBodyPaths[0]
                        : { orStatement: { statements: largeBodyPaths } },
                  },
                },
              ],
            },
          },
          action: block(413, 'PayloadTooLarge'),
          visibilityConfig: visibility('large-body'),
        },
      ],
    });

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `${WAF_LOG_GROUP_PREFIX}${prefix}-site`,
      retention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [this.logGroup.logGroupArn],
      redactedFields: WAF_REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
    });
  }
}
