import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BillOptions, LOG_BYTES_PER_REQUEST, monthlyBill, PROD_BILL, UNIT_PRICES } from './bill';
import { DOC_FILE, renderDoc } from './capacity-doc';

const line = (options: BillOptions, founders: number, service: string, what?: RegExp) =>
  monthlyBill(founders, options).lines.find((l) => l.service === service && (!what || what.test(l.what)));

describe('docs/capacity.md', () => {
  it('holds the ceilings, the quota requests, the bill and its unit prices exactly as the code computes them (npm run capacity:doc -- --write renews them)', () => {
    const doc = readFileSync(DOC_FILE, 'utf8');
    expect(renderDoc(doc)).toBe(doc);
  });

  it('refuses a doc without its generated blocks', () => {
    expect(() => renderDoc('# Capacity\n')).toThrow(/generated:/);
  });
});

describe('the bill', () => {
  it('adds up its lines, and per founder divides by the founders', () => {
    const bill = monthlyBill(100_000, PROD_BILL);
    expect(bill.total).toBeCloseTo(
      bill.lines.reduce((sum, l) => sum + l.usd, 0),
      6,
    );
    expect(bill.perFounder).toBeCloseTo(bill.total / 100_000, 9);
    expect(bill.lines.every((l) => l.usd >= 0)).toBe(true);
  });

  it('prices every service the stacks create', () => {
    const services = new Set(monthlyBill(1_000, PROD_BILL).lines.map((l) => l.service));
    for (const service of [
      'Cognito',
      'DynamoDB',
      'AWS Backup',
      'Lambda',
      'API Gateway',
      'CloudFront',
      'WAF',
      'Bedrock',
      'EventBridge',
      'SES',
      'S3',
      'Secrets Manager',
      'CloudWatch',
    ]) {
      expect(services, service).toContain(service);
    }
  });

  it('prices Cognito at the stage tier: Plus for every MAU, Essentials past its 10,000 free', () => {
    // 50 % of 1,000 founders are 500 MAU: all billed on Plus, none on Essentials.
    expect(line(PROD_BILL, 1_000, 'Cognito')?.usd).toBeCloseTo(500 * UNIT_PRICES.cognitoPlusMau.usd, 6);
    const essentials = { ...PROD_BILL, cognitoTier: 'essentials' } as const;
    expect(line(essentials, 1_000, 'Cognito')?.usd).toBe(0);
    expect(line(essentials, 1_000_000, 'Cognito')?.usd).toBeCloseTo(490_000 * UNIT_PRICES.cognitoEssentialsMau.usd, 6);
  });

  it('keeps 35 daily backups on production and none when the stage turns backup off', () => {
    const kept = line(PROD_BILL, 1_000_000, 'AWS Backup')?.usd ?? 0;
    const storage = line(PROD_BILL, 1_000_000, 'DynamoDB', /^storage/)?.usd ?? 0;
    expect(kept / UNIT_PRICES.backupStorage.usd).toBeCloseTo((35 * storage) / UNIT_PRICES.dynamoStorage.usd, 6);
    expect(line({ ...PROD_BILL, backup: false }, 1_000_000, 'AWS Backup')?.usd).toBe(0);
  });

  it('logs more at DEBUG than at INFO, in proportion to the bytes per request', () => {
    const info = line(PROD_BILL, 100_000, 'CloudWatch', /^logs/)?.usd ?? 0;
    const debug = line({ ...PROD_BILL, logLevel: 'DEBUG' }, 100_000, 'CloudWatch', /^logs/)?.usd ?? 0;
    expect(debug / info).toBeCloseTo(LOG_BYTES_PER_REQUEST.DEBUG / LOG_BYTES_PER_REQUEST.INFO, 6);
  });

  it('grows with the founders: ten times the founders, about ten times the variable bill', () => {
    const small = monthlyBill(100_000, PROD_BILL).total;
    const large = monthlyBill(1_000_000, PROD_BILL).total;
    expect(large / small).toBeGreaterThan(9.5);
    expect(large / small).toBeLessThan(10.5);
  });
});
