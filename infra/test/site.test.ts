import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '#shared/runtime-config';
import { IMMUTABLE, REVALIDATE } from '../../local/static-site';
import { runtimeConfig, SPA_REWRITE } from '../constructs/site';
import { parseStages } from '../stages';
import { propertiesOf, synthStage } from './synth';

interface ViewerRequest {
  request: { uri: string };
}

/** Runs the CloudFront Function's source the way CloudFront does: `handler(event)` returns the request. */
const rewrite = (uri: string): string => {
  const handler = new Function(`${SPA_REWRITE}; return handler;`)() as (event: ViewerRequest) => { uri: string };
  return handler({ request: { uri } }).uri;
};

describe('SPA rewrite', () => {
  it('serves index.html for client-side routes', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/login')).toBe('/index.html');
    expect(rewrite('/admin/questions/trigger')).toBe('/index.html');
    // A share link (`/share#<token>`: CloudFront sees only `/share`), and one of the older form (`/share/<token>`).
    expect(rewrite('/share')).toBe('/index.html');
    expect(rewrite(`/share/${'Ab-_9'.repeat(8)}xyz`)).toBe('/index.html');
  });

  it('leaves files alone', () => {
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-3f9a.js')).toBe('/assets/index-3f9a.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });
});

describe('/config.json', () => {
  const base = {
    production: false,
    region: 'eu-west-1',
    senderEmail: 'a@example.com',
    stripePriceId: 'price_1',
    price: { amount: 29900, currency: 'eur' },
    secrets: { stripeSecretKey: 'a', stripeWebhookSecret: 'b' },
  };

  it('carries the stage, pool, the SRP flow and the realtime URL, with the API on the same origin', () => {
    const stage = parseStages({ dev: base }).dev;
    if (!stage) throw new Error('no stage');
    const expected: RuntimeConfig = {
      stage: 'dev',
      region: 'eu-west-1',
      userPoolId: 'pool',
      userPoolClientId: 'client',
      authFlowType: 'USER_SRP_AUTH',
      apiBase: '/api',
      realtimeUrl: 'wss://ws.example/live',
      price: { amount: 29900, currency: 'eur' },
      // Every cloud stage requires coaches' authenticator apps (decision 007).
      adminMfa: 'required',
    };
    expect(runtimeConfig(stage, 'pool', 'client', 'wss://ws.example/live')).toEqual(expected);
  });

  it('includes the support chat only when the stage has one', () => {
    const stage = parseStages({ dev: { ...base, supportChatId: 'chat-123' } }).dev;
    if (!stage) throw new Error('no stage');
    expect(runtimeConfig(stage, 'pool', 'client', 'wss://ws.example/live').supportChatId).toBe('chat-123');
  });
});

describe('caching and compression of the site', () => {
  const { template } = synthStage('dev');

  it('keeps hashed assets a year and revalidates everything else, as the local server does', () => {
    interface Deployment {
      Include?: string[];
      Exclude?: string[];
      SystemMetadata?: Record<string, string>;
    }
    const deployments = propertiesOf<Deployment>(template, 'Custom::CDKBucketDeployment');
    const assets = deployments.find((d) => d.Include?.includes('assets/*'));
    const entry = deployments.find((d) => d.Exclude?.includes('assets/*') && !d.Include);
    expect(assets?.SystemMetadata?.['cache-control']).toBe(IMMUTABLE);
    // index.html, config.json and the favicon.
    expect(entry?.SystemMetadata?.['cache-control']).toBe(REVALIDATE);
  });

  it('compresses the site (gzip and Brotli, by the cache policy) but caches nothing of the API', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          Compress: true,
          CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
        }),
        CacheBehaviors: [
          Match.objectLike({ PathPattern: '/api/*', CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId }),
          // Inline reads of data-room files (infra/test/inline-reads.test.ts).
          Match.objectLike({ PathPattern: '/_files/*', CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId }),
        ],
      }),
    });
  });
});
