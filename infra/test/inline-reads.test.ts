/**
 * Inline reads in the cloud: the site distribution's INLINE_READ_PATH behaviour passes the presigned GET to the data
 * bucket unchanged (its path without the site prefix, every query parameter, no viewer header, the bucket's own
 * host) and answers it with INLINE_READ_HEADERS, which S3 itself cannot set.
 */
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { INLINE_READ_HEADERS, INLINE_READ_PATH } from '#shared/deploy-names';
import { INLINE_READ_REWRITE } from '../constructs/inline-reads';
import { propertiesOf, synthStage } from './synth';

interface ViewerRequest {
  request: { uri: string; querystring?: Record<string, { value: string }> };
}

/** Runs the CloudFront Function's source the way CloudFront does: `handler(event)` returns the request. */
const rewrite = (request: ViewerRequest['request']) => {
  const handler = new Function(`${INLINE_READ_REWRITE}; return handler;`)() as (
    event: ViewerRequest,
  ) => ViewerRequest['request'];
  return handler({ request });
};

describe('the inline-read rewrite', () => {
  it('takes the site path off and leaves the signed key and query as they came', () => {
    const querystring = { 'X-Amz-Signature': { value: 'abc' } };
    expect(rewrite({ uri: `${INLINE_READ_PATH}/sub-1/1700000000000_Plan%20v2.pdf`, querystring })).toEqual({
      uri: '/sub-1/1700000000000_Plan%20v2.pdf',
      querystring,
    });
    expect(rewrite({ uri: `${INLINE_READ_PATH}/` }).uri).toBe('/');
    expect(rewrite({ uri: INLINE_READ_PATH }).uri).toBe('/');
  });
});

interface Behavior {
  PathPattern: string;
  TargetOriginId: string;
  AllowedMethods: string[];
  CachePolicyId: string;
  ViewerProtocolPolicy: string;
  OriginRequestPolicyId: { Ref: string };
  ResponseHeadersPolicyId: { Ref: string };
  FunctionAssociations: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
}
interface Origin {
  Id: string;
  DomainName: unknown;
  CustomOriginConfig?: { OriginProtocolPolicy: string; OriginSSLProtocols: string[] };
  S3OriginConfig?: unknown;
  OriginAccessControlId?: unknown;
}

describe.each(['dev', 'prod'])('the %s site distribution', (stageName) => {
  const { template } = synthStage(stageName);
  const [distribution] = propertiesOf<{
    DistributionConfig: { CacheBehaviors: Behavior[]; Origins: Origin[] };
  }>(template, 'AWS::CloudFront::Distribution');
  const behavior = distribution?.DistributionConfig.CacheBehaviors.find(
    (b) => b.PathPattern === `${INLINE_READ_PATH}/*`,
  );
  const resources = template.toJSON().Resources as Record<
    string,
    {
      Type: string;
      Properties: {
        OriginRequestPolicyConfig?: unknown;
        ResponseHeadersPolicyConfig?: { SecurityHeadersConfig?: unknown };
        FunctionCode?: string;
      };
    }
  >;

  it('reads inline from the data bucket over HTTPS, caching nothing, GET and HEAD only', () => {
    expect(behavior).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = distribution?.DistributionConfig.Origins.find((o) => o.Id === behavior?.TargetOriginId);
    // The bucket checks the presigned signature itself: no origin access control re-signs the request.
    expect(origin?.OriginAccessControlId).toBeUndefined();
    expect(origin?.S3OriginConfig).toBeUndefined();
    expect(origin?.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(JSON.stringify(origin?.DomainName)).toMatch(/-data-.*\.s3\./);
  });

  it('passes every query parameter and no header or cookie: the host the bucket sees is its own', () => {
    const policy = resources[behavior?.OriginRequestPolicyId.Ref ?? '']?.Properties.OriginRequestPolicyConfig;
    expect(policy).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  it('answers with Content-Security-Policy: sandbox and X-Content-Type-Options: nosniff, over what S3 sends', () => {
    const policy = resources[behavior?.ResponseHeadersPolicyId.Ref ?? '']?.Properties.ResponseHeadersPolicyConfig;
    expect(policy?.SecurityHeadersConfig).toEqual({
      ContentSecurityPolicy: { ContentSecurityPolicy: INLINE_READ_HEADERS['content-security-policy'], Override: true },
      ContentTypeOptions: { Override: true },
    });
    expect(INLINE_READ_HEADERS).toEqual({ 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' });
  });

  it('rewrites the path with the function above, on the viewer request', () => {
    const [association] = behavior?.FunctionAssociations ?? [];
    expect(association?.EventType).toBe('viewer-request');
    const fn = resources[association?.FunctionARN['Fn::GetAtt'][0] ?? '']?.Properties;
    expect(fn?.FunctionCode).toBe(INLINE_READ_REWRITE);
  });
});
