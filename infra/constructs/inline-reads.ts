import {
  AllowedMethods,
  type BehaviorOptions,
  CachePolicy,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Construct } from 'constructs';
import { INLINE_READ_HEADERS, INLINE_READ_PATH } from '#shared/deploy-names';
import type { StageConfig } from '../stages';

/**
 * Viewer-request function of the inline-read behaviour: `/_files/<key>?<signed query>` becomes `/<key>?…`, the
 * presigned GET exactly as the function signed it (the query is left as it came).
 */
export const INLINE_READ_REWRITE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring(${INLINE_READ_PATH.length}) || '/';
  return request;
}`;

/**
 * The site distribution's behaviour for inline reads (INLINE_READ_PATH/*): S3 cannot set a Content-Security-Policy,
 * so the presigned GET the sharing function signs goes through CloudFront to the data bucket, which checks its
 * signature as ever (its host is the origin's, no viewer header passes), and CloudFront adds INLINE_READ_HEADERS to
 * the answer. Nothing is cached: each link is good for a minute.
 */
export function inlineReadBehavior(scope: Construct, stage: StageConfig, dataBucketHost: string): BehaviorOptions {
  const headers = new ResponseHeadersPolicy(scope, 'InlineReadHeaders', {
    comment: `Preseed ${stage.name}: inline reads of data-room files run nothing`,
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: INLINE_READ_HEADERS['content-security-policy'],
        override: true,
      },
      contentTypeOptions: { override: true },
    },
  });
  const signedQueryOnly = new OriginRequestPolicy(scope, 'InlineReadRequest', {
    comment: `Preseed ${stage.name}: the presigned query alone reaches the data bucket`,
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    headerBehavior: OriginRequestHeaderBehavior.none(),
    cookieBehavior: OriginRequestCookieBehavior.none(),
  });
  const rewrite = new CloudFrontFunction(scope, 'InlineReadRewrite', {
    comment: 'Inline reads: the presigned GET of the data bucket, without the site path',
    code: FunctionCode.fromInline(INLINE_READ_REWRITE),
    runtime: FunctionRuntime.JS_2_0,
  });
  return {
    origin: new HttpOrigin(dataBucketHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    }),
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    originRequestPolicy: signedQueryOnly,
    responseHeadersPolicy: headers,
    functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
  };
}
