import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Annotations, CfnOutput, Duration, Fn, SecretValue, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct, type IConstruct } from 'constructs';
import { ADMIN_MFA_REQUIRED, INLINE_READ_PATH, ORIGIN_VERIFY_HEADER } from '#shared/deploy-names';
import type { RuntimeConfig } from '#shared/runtime-config';
import { logRetentionOf, removalPolicyOf, type StageConfig } from '../stages';
import { inlineReadBehavior } from './inline-reads';
import { acknowledge, acknowledgeProviderWildcards } from './nag';
import { repoPath } from './paths';

export interface SiteProps {
  readonly stage: StageConfig;
  readonly api: IHttpApi;
  /** The realtime WebSocket API: its URL goes to /config.json, its origin to the CSP's connect-src. */
  readonly realtime: { readonly url: string; readonly origin: string };
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Host of the data-room bucket, which the browser talks to with presigned URLs. */
  readonly dataBucketHost: string;
  readonly accessLogs: IBucket;
  /** The WAF web ACL (scope CLOUDFRONT, in us-east-1: infra/edge-stack.ts) guarding the distribution. */
  readonly webAclArn: string;
  /** Sent to the API origin in ORIGIN_VERIFY_HEADER; the API refuses requests without it. */
  readonly originSecret: ISecret;
  /**
   * The origin secret's version CloudFront sends (written by `npm run rotate:origin-secret`): a new id changes the
   * template, so the deploy after a rotation makes CloudFront send the new value. Unset: the current version.
   */
  readonly originSecretVersion?: string;
  /** The certificate for the stage's domain in us-east-1: the stage's certificateArn, or the edge stack's. */
  readonly certificateArn?: string;
  /** The stage's Route 53 zone: the site's alias records go into it. Without one the record is a stack output. */
  readonly hostedZone?: IHostedZone;
}

/** The stack output naming the DNS record that points the stage's domain at the distribution (no hosted zone). */
export const ALIAS_RECORD_OUTPUT = 'DnsAliasRecord';

/** Vite's output; built by `npm run build` (the CI builds it before `cdk deploy`). */
export const FRONTEND_DIST = repoPath('frontend', 'dist');

/**
 * Viewer-request function of the default behaviour: a path without a file extension is a
 * client-side route and gets index.html. Unlike distribution-wide error responses this never
 * touches /api/*, whose 403s and 404s must reach the client as they are.
 */
export const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** Origins that embed question videos (the domain code turns watch links into embed links). */
const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];

/**
 * The frontend: a private bucket behind CloudFront (origin access control), the API under
 * /api/* on the same origin, and /config.json written at deploy time so one build serves
 * every stage.
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** The site's origin, `https://host` without a trailing slash. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { stage } = props;
    // A stage is served on its own domain once cdk.json gives it a domainName and a us-east-1 certificate
    // (its own certificateArn, or the one the edge stack makes in the stage's hosted zone).
    const customDomain =
      stage.domainName && props.certificateArn
        ? { name: stage.domainName, certificateArn: props.certificateArn }
        : undefined;
    const region = Stack.of(this).region;
    const urlSuffix = Stack.of(this).urlSuffix;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: removalPolicyOf(stage),
      autoDeleteObjects: !stage.production,
    });

    const csp = [
      "default-src 'self'",
      "script-src 'self'",
      // The UI library sets inline styles.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: https://${props.dataBucketHost}`,
      "font-src 'self' data:",
      `connect-src 'self' https://cognito-idp.${region}.${urlSuffix} https://${props.dataBucketHost} ${props.realtime.origin}`,
      `frame-src ${VIDEO_EMBED_ORIGINS.join(' ')}`,
      `form-action 'self' https://${props.dataBucketHost}`,
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      'upgrade-insecure-requests',
    ].join('; ');
    const securityHeadersBehavior: ResponseSecurityHeadersBehavior = {
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
    };
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Preseed ${stage.name}: security headers`,
      securityHeadersBehavior,
    });

    // The same headers for /api/*, plus no-store on every answer, API Gateway's own (401, 429, 5xx) included;
    // the functions send it too, and the behaviour caches nothing (CACHING_DISABLED).
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: `Preseed ${stage.name}: security headers and no caching for the API`,
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: 'no-store', override: true }] },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serves index.html for client-side routes',
      code: FunctionCode.fromInline(SPA_REWRITE),
      runtime: FunctionRuntime.JS_2_0,
    });

    // The API's host name: its endpoint is https://<id>.execute-api.<region>.amazonaws.com.
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Preseed ${stage.name}`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // A dynamic reference: CloudFormation puts the value in at deploy time, the template holds none.
            // CloudFront replaces a viewer's header of the same name with this one.
            // Pinned to a version after a rotation: CloudFormation re-resolves a reference only when it changes.
            customHeaders: {
              [ORIGIN_VERIFY_HEADER]: (props.originSecretVersion
                ? SecretValue.secretsManager(props.originSecret.secretArn, { versionId: props.originSecretVersion })
                : props.originSecret.secretValue
              ).unsafeUnwrap(),
            },
          }),
          // A redirect would turn POSTs into GETs; plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host, which must be the API's own for API Gateway to route the request. The policy
          // also carries CloudFront's own headers, CloudFront-Viewer-Address among them: the viewer address
          // the API's per-client limits key on (functions/lib/http.ts clientAddress).
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
        },
        // The share page's inline reads of data-room files, answered sandboxed (infra/constructs/inline-reads.ts).
        [`${INLINE_READ_PATH}/*`]: inlineReadBehavior(this, stage, props.dataBucketHost),
      },
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [customDomain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.url = `https://${customDomain?.name ?? this.distribution.distributionDomainName}`;

    if (customDomain && props.hostedZone) {
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone: props.hostedZone, recordName: `${customDomain.name}.`, target });
      new AaaaRecord(this, 'AliasAAAA', { zone: props.hostedZone, recordName: `${customDomain.name}.`, target });
    } else if (customDomain) {
      new CfnOutput(Stack.of(this), ALIAS_RECORD_OUTPUT, {
        description: 'Create this DNS record so the domain reaches the site: name CNAME value',
        value: `${customDomain.name} CNAME ${this.distribution.distributionDomainName}`,
      });
    }

    this.deploy(props);

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Founders may work from any country; there is no legal or licensing reason to restrict by geography.',
    );
    if (!customDomain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'The stage has no custom domain and certificate, so CloudFront serves its default *.cloudfront.net ' +
          'certificate, whose TLS policy cannot be chosen. Stages with a domain use TLSv1.2_2021.',
      );
    }
  }

  /**
   * Two deployments so each file gets the right caching: hashed build assets forever (and kept
   * after later deploys, for browsers still running the previous build), everything else
   * revalidated on every request.
   */
  private deploy({ stage, userPoolId, userPoolClientId, realtime }: SiteProps): void {
    const dist = frontendDist(this);
    const config = runtimeConfig(stage, userPoolId, userPoolClientId, realtime.url);
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
    });
    const common = { destinationBucket: this.bucket, memoryLimit: 512, logGroup } as const;

    const assets = new BucketDeployment(this, 'DeployAssets', {
      ...common,
      sources: [Source.asset(dist)],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    const entry = new BucketDeployment(this, 'DeployEntry', {
      ...common,
      sources: [Source.asset(dist), Source.jsonData('config.json', config)],
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // index.html must not point at chunks that are not uploaded yet.
    entry.node.addDependency(assets);

    // Both deployments share one provider function (a CDK singleton), found through its role.
    const provider: IConstruct | undefined = entry.handlerRole.node.scope;
    if (provider) acknowledgeDeploymentProvider(provider);
  }
}

/** The cloud's `/config.json`; the local server answers the same shape from the emulators. */
export function runtimeConfig(
  stage: StageConfig,
  userPoolId: string,
  userPoolClientId: string,
  realtimeUrl: string,
): RuntimeConfig {
  return {
    stage: stage.name,
    region: stage.region,
    userPoolId,
    userPoolClientId,
    authFlowType: 'USER_SRP_AUTH',
    apiBase: '/api',
    realtimeUrl,
    price: stage.price,
    ...(stage.supportChatId ? { supportChatId: stage.supportChatId } : {}),
    // The same requirement infra/stack.ts sets for the API, so the login page sets up what the API checks.
    adminMfa: ADMIN_MFA_REQUIRED,
  };
}

/** frontend/dist, or an empty stand-in so `cdk synth` works before the frontend is built. */
function frontendDist(scope: Construct): string {
  if (existsSync(path.join(FRONTEND_DIST, 'index.html'))) return FRONTEND_DIST;
  const placeholder = path.join(tmpdir(), 'preseed-frontend-not-built');
  mkdirSync(placeholder, { recursive: true });
  Annotations.of(scope).addWarningV2(
    'preseed:frontend-not-built',
    `${FRONTEND_DIST} has no index.html: this assembly deploys an empty site (removing the current one). ` +
      'Build the frontend before deploying.',
  );
  return placeholder;
}

function acknowledgeDeploymentProvider(provider: IConstruct): void {
  const reason = (text: string) => `CDK's BucketDeployment provider, which uploads the built site: ${text}`;
  acknowledge(
    provider,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason('CDK creates its role with the basic execution policy for its own logs.'),
  );
  acknowledge(provider, 'AwsSolutions-L1', reason('CDK chooses its runtime and moves it with CDK releases.'));
  acknowledgeProviderWildcards(
    provider,
    reason(
      'CDK grants it read on the CDK asset bucket, write on the site bucket, and CloudFront invalidation ' +
        '(which has no resource-level permissions).',
    ),
  );
}
