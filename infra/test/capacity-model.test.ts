import { describe, expect, it } from 'vitest';
import { RULES } from '#shared/events';
import { AI_BEDROCK_CALLS } from '../../functions/integrations/timeouts';
import {
  capacityPlan,
  ceilings,
  HEADROOM,
  MIN_API_RATE,
  MIN_CONSUMER_RESERVATION,
  MIN_REALTIME_RATE,
  MIN_RESERVATION,
  RESERVED_AREAS,
  totalReserved,
} from '../capacity-model';
import { BEDROCK_QUOTA_CODES, needsIncrease, quotaRequestCommand, requiredQuotas } from '../quotas';
import { parseStages } from '../stages';

describe('the capacity model', () => {
  it("puts the profile's peak at ~200 API requests a second per 100,000 founders", () => {
    expect(capacityPlan(100_000).apiRequestsPerSecond).toBeGreaterThan(180);
    expect(capacityPlan(100_000).apiRequestsPerSecond).toBeLessThan(220);
    expect(capacityPlan(1_000_000).apiRequestsPerSecond).toBeCloseTo(
      capacityPlan(100_000).apiRequestsPerSecond * 10,
      6,
    );
  });

  it('sets the stage throttles at twice the peak, never under the small-stage floors', () => {
    const large = capacityPlan(1_000_000);
    expect(large.apiThrottle.rateLimit).toBe(Math.ceil(large.apiRequestsPerSecond * HEADROOM));
    expect(large.apiThrottle.burstLimit).toBe(large.apiThrottle.rateLimit * 2);
    expect(large.realtimeThrottle.rateLimit).toBe(Math.ceil(large.realtimeRequestsPerSecond * HEADROOM));
    const small = capacityPlan(1_000);
    expect(small.apiThrottle).toEqual({ rateLimit: MIN_API_RATE, burstLimit: MIN_API_RATE * 2 });
    expect(small.realtimeThrottle.rateLimit).toBe(MIN_REALTIME_RATE);
  });

  it("reserves the AI function's executions from Bedrock's 7 s calls, apart from the journey's", () => {
    const plan = capacityPlan(1_000_000);
    const seconds = AI_BEDROCK_CALLS.http.requestTimeoutMs / 1000;
    expect(plan.areas.ai.concurrency).toBeCloseTo(plan.areas.ai.callsPerSecond * seconds, 6);
    expect(plan.reservations.ai).toBe(Math.ceil(plan.areas.ai.concurrency * HEADROOM));
    // Saves are 0.1 s calls: the journey's executions follow its own load, not the model's.
    expect(plan.areas.journey.concurrency).toBeCloseTo(plan.areas.journey.callsPerSecond * 0.1, 6);
  });

  it('keeps the smallest reservations for a small stage', () => {
    const { reservations } = capacityPlan(1_000);
    for (const area of RESERVED_AREAS) expect(reservations[area], area).toBe(MIN_RESERVATION);
    expect(reservations.consumers).toBe(MIN_CONSUMER_RESERVATION);
    expect(totalReserved(reservations)).toBe(RESERVED_AREAS.length * MIN_RESERVATION + 10 * RULES.length);
    expect(totalReserved(false)).toBe(0);
  });

  it('sizes Bedrock’s rates to what the AI calls need at the peak, twice over', () => {
    const plan = capacityPlan(1_000_000);
    expect(plan.bedrock.requestsPerMinute).toBe(Math.ceil(plan.bedrock.callsPerSecond * 60 * HEADROOM));
    expect(plan.bedrock.tokensPerMinute).toBeGreaterThan(plan.bedrock.requestsPerMinute * 1_000);
  });

  it('finds the old fixed 50 requests a second carrying ~25,000 founders, and each sized ceiling twice the founders', () => {
    const old = ceilings({ apiThrottle: { rateLimit: 50 }, realtimeThrottle: { rateLimit: 20 }, reservations: false });
    expect(old.find((c) => c.what === 'HTTP API stage throttle')?.carriesFounders).toBeCloseTo(24_779, -1);
    const plan = capacityPlan(1_000_000);
    const sized = ceilings({ ...plan, bedrockRequestsPerMinute: plan.bedrock.requestsPerMinute });
    for (const c of sized) expect(c.carriesFounders, c.what).toBeGreaterThanOrEqual(1_999_000);
    // Sorted: the first is the one that binds first.
    expect(sized.map((c) => c.carriesFounders)).toEqual([...sized.map((c) => c.carriesFounders)].sort((a, b) => a - b));
  });

  it("states what a new account's 10 executions carry with nothing reserved", () => {
    const [account] = ceilings({
      apiThrottle: { rateLimit: 1e9 },
      realtimeThrottle: { rateLimit: 1e9 },
      reservations: false,
      accountConcurrency: 10,
    });
    expect(account?.what).toMatch(/nothing reserved/);
    expect(account?.carriesFounders).toBeGreaterThan(10_000);
    expect(account?.carriesFounders).toBeLessThan(100_000);
  });
});

const base = {
  production: false,
  region: 'eu-central-1',
  senderEmail: 'dev@example.com',
  stripePriceId: 'price_123',
  price: { amount: 29900, currency: 'eur' },
  secrets: { stripeSecretKey: 'a', stripeWebhookSecret: 'b' },
};
const stage = (extra: Record<string, unknown>) => {
  const parsed = parseStages({ s1: { ...base, ...extra } }).s1;
  if (!parsed) throw new Error('no stage');
  return parsed;
};
const codes = (s: ReturnType<typeof stage>) => requiredQuotas(s).map((q) => `${q.serviceCode} ${q.quotaCode}`);

describe('the quotas a stage needs', () => {
  it("asks Lambda for what the stage reserves plus the unreserved functions' peak, at least 100", () => {
    const s = stage({ expectedFounders: 1_000_000 });
    const lambda = requiredQuotas(s).find((q) => q.quotaCode === 'L-B99A9384');
    const plan = capacityPlan(1_000_000);
    expect(lambda?.needed).toBe(totalReserved(plan.reservations) + Math.max(100, plan.unreservedConcurrency));
    const small = requiredQuotas(stage({})).find((q) => q.quotaCode === 'L-B99A9384');
    expect(small?.needed).toBe(totalReserved(capacityPlan(1_000).reservations) + 100);
  });

  it('with nothing reserved, asks for what every function uses at twice the peak', () => {
    const lambda = requiredQuotas(stage({ reservedConcurrency: false })).find((q) => q.quotaCode === 'L-B99A9384');
    expect(lambda?.why).toMatch(/nothing is reserved/);
    expect(lambda?.needed).toBeLessThan(10);
  });

  it("holds both API stages' throttles in the account's API Gateway rate, and the WebSocket connections", () => {
    const s = stage({ expectedFounders: 1_000_000 });
    const plan = capacityPlan(1_000_000);
    const rate = requiredQuotas(s).find((q) => q.quotaCode === 'L-8A5B8E43');
    expect(rate?.needed).toBe(plan.apiThrottle.rateLimit + plan.realtimeThrottle.rateLimit);
    expect(rate && needsIncrease(rate)).toBe(false);
    expect(codes(s)).toContain('apigateway L-9ED1E49A');
  });

  it("asks Bedrock for the model's cross-Region tokens for a profile, on-demand requests and tokens for a model", () => {
    const nova = BEDROCK_QUOTA_CODES['amazon.nova-lite-v1:0'];
    const profile = stage({
      bedrock: { modelId: 'eu.amazon.nova-lite-v1:0', profileRegions: ['eu-central-1', 'eu-west-1'] },
    });
    expect(codes(profile)).toContain(`bedrock ${nova?.crossRegionTokens}`);
    expect(codes(profile)).not.toContain(`bedrock ${nova?.onDemandRequests}`);
    const model = stage({ bedrock: { modelId: 'amazon.nova-lite-v1:0' } });
    expect(codes(model)).toEqual(
      expect.arrayContaining([`bedrock ${nova?.onDemandRequests}`, `bedrock ${nova?.onDemandTokens}`]),
    );
    expect(codes(stage({})).filter((c) => c.startsWith('bedrock'))).toEqual([]);
    expect(
      codes(stage({ bedrock: { modelId: 'amazon.titan-text-lite-v1' } })).filter((c) => c.startsWith('bedrock')),
    ).toEqual([]);
    // A quota without a known default always needs asking for.
    const tokens = requiredQuotas(profile).find((q) => q.serviceCode === 'bedrock');
    expect(tokens && needsIncrease(tokens)).toBe(true);
  });

  it('writes the request as a Service Quotas command', () => {
    const [lambda] = requiredQuotas(stage({}));
    if (!lambda) throw new Error('no quota');
    expect(quotaRequestCommand(lambda)).toBe(
      `aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value ${lambda.needed} --region eu-central-1`,
    );
  });
});
