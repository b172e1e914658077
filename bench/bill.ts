/**
 * The whole monthly bill of a stage at a number of founders: every service the stacks create, priced from one table
 * of unit prices (UNIT_PRICES, each with its source and the date it was read) in the stage's Region (eu-central-1;
 * CloudFront and WAF at their global prices), from the activity profile (shared/capacity-profile.ts) and the capacity model
 * (infra/capacity-model.ts). docs/capacity.md's table is this module's output: bench/bill.test.ts recomputes it.
 */

import { ACTIVITY, type Activity, journeysPerMonth, REALTIME_PROFILE } from '#shared/capacity-profile';
import { RULES } from '#shared/events';
import { BILLED_CALL_SECONDS, capacityPlan, peakCalls } from '../infra/capacity-model';

export interface UnitPrice {
  readonly usd: number;
  readonly per: string;
  /** Where the price was read and when; `unverified` when the stored material did not show it. */
  readonly source: string;
}

const AWS_READ = '2026-12-01';
const UNVERIFIED = `unverified: not found in the stored pricing pages on ${AWS_READ}; the list price as last published, check before quoting`;

/** Every unit price the bill uses, in USD. */
export const UNIT_PRICES = {
  cognitoEssentialsMau: { usd: 0.015, per: 'MAU beyond 10,000 free', source: UNVERIFIED },
  cognitoPlusMau: { usd: 0.02, per: 'MAU (no free tier)', source: `issue 33's figure; ${UNVERIFIED}` },
  dynamoWrites: { usd: 0.7625, per: 'million write request units', source: UNVERIFIED },
  dynamoReads: { usd: 0.1525, per: 'million read request units', source: UNVERIFIED },
  dynamoStorage: { usd: 0.306, per: 'GB-month', source: UNVERIFIED },
  dynamoPitr: { usd: 0.2448, per: 'GB-month of continuous backups', source: UNVERIFIED },
  backupStorage: { usd: 0.1224, per: 'GB-month of AWS Backup warm storage (DynamoDB)', source: UNVERIFIED },
  lambdaRequests: { usd: 0.2, per: 'million requests', source: UNVERIFIED },
  lambdaArmGbSecond: {
    usd: 0.0000133334,
    per: 'GB-second, Arm',
    source: `https://cloudchipr.com/blog/aws-lambda-pricing (us-east-1; eu-central-1 ${UNVERIFIED})`,
  },
  httpApiRequests: { usd: 1.2, per: 'million HTTP API requests (first 300 M)', source: UNVERIFIED },
  websocketMessages: { usd: 1.14, per: 'million WebSocket messages', source: UNVERIFIED },
  websocketMinutes: { usd: 0.285, per: 'million connection minutes', source: UNVERIFIED },
  cloudfrontGb: { usd: 0.085, per: 'GB out, Europe (first 10 TB)', source: UNVERIFIED },
  cloudfrontRequests: { usd: 0.012, per: '10,000 HTTPS requests, Europe', source: UNVERIFIED },
  wafWebAcl: { usd: 5, per: 'web ACL-month', source: UNVERIFIED },
  wafRule: { usd: 1, per: 'rule-month', source: UNVERIFIED },
  wafRequests: { usd: 0.6, per: 'million requests', source: UNVERIFIED },
  bedrockInput: {
    usd: 0.06,
    per: 'million input tokens, Amazon Nova Lite',
    source: 'docs/ai.md (us-east-1 list price, 2026-11-26); the eu-central-1 rate was not found and may be higher',
  },
  bedrockOutput: { usd: 0.24, per: 'million output tokens, Amazon Nova Lite', source: 'as bedrockInput' },
  eventBridgeEvents: { usd: 1, per: 'million custom events', source: UNVERIFIED },
  sesEmails: { usd: 0.1, per: '1,000 emails', source: UNVERIFIED },
  s3Storage: { usd: 0.0245, per: 'GB-month, S3 Standard', source: UNVERIFIED },
  s3Puts: { usd: 0.0054, per: '1,000 PUT requests', source: UNVERIFIED },
  s3Gets: { usd: 0.00043, per: '1,000 GET requests', source: UNVERIFIED },
  secret: { usd: 0.4, per: 'secret-month', source: UNVERIFIED },
  logsIngested: { usd: 0.63, per: 'GB of CloudWatch Logs ingested', source: UNVERIFIED },
  logsStored: { usd: 0.0324, per: 'GB-month of CloudWatch Logs stored (compressed)', source: UNVERIFIED },
  alarm: { usd: 0.1, per: 'standard alarm-month', source: UNVERIFIED },
  dashboard: { usd: 3, per: 'dashboard-month', source: UNVERIFIED },
  xrayTraces: { usd: 5, per: 'million traces recorded', source: UNVERIFIED },
} as const satisfies Record<string, UnitPrice>;

/**
 * DynamoDB request units per founder a month, as `npm run bench -- api` measured them with the profile
 * (docs/capacity.md: 306 M write and 704 M read units at 100,000 founders, 2026-11-27). The bench's cost section
 * prints the figure it measures beside this one; update it when the two part by more than 10 %.
 */
export const DYNAMODB_UNITS_PER_FOUNDER_MONTH = { write: 3_056, read: 7_038, measured: '2026-11-27' } as const;

/**
 * Bedrock tokens of one founder's journey (docs/ai.md, "Typical founder"): 8 idea generations (~700 in, ~350 out),
 * the trigger (~1,300/400), Value Proposition (~2,900/600) and Business Model (~4,000/900) sets, two drafts of each
 * of the ten tools (~5,000/500).
 */
export const BEDROCK_TOKENS_PER_JOURNEY = {
  input: 8 * 700 + 1_300 + 2_900 + 4_000 + 20 * 5_000,
  output: 8 * 350 + 400 + 600 + 900 + 20 * 500,
} as const;

/**
 * Log bytes per HTTP request by level, from what the handlers write: the middleware's `request` line (~450 bytes
 * with Powertools' fields), Lambda's JSON platform lines (start ~150, report ~450) and API Gateway's access log line
 * (~450). At DEBUG the shared code adds nothing today (no debug lines in functions/lib), the SDK's and Powertools'
 * own debug output ~500 more; a refused request's line (~300) is rare enough to leave out.
 */
export const LOG_BYTES_PER_REQUEST = { INFO: 1_500, DEBUG: 2_000 } as const;

/** Stored logs are billed compressed (~15 % of what is ingested) for the retention the stage keeps. */
const LOG_COMPRESSION = 0.15;

/** The stacks' fixed parts: WAF's rules (infra/constructs/waf.ts), the secrets, alarms and dashboards. */
export const FIXED = {
  wafRules: 5,
  /** Stripe key and webhook secret, the origin secret, the share-link keys. */
  secrets: 4,
  alarms: 40,
  dashboards: 1,
  /** Daily AWS Backup recovery points kept (infra/constructs/data.ts): each a full copy of the table. */
  backupRecoveryPoints: 35,
  /** CloudWatch Logs retention in months (logRetentionOf: six months on production). */
  logRetentionMonths: 6,
} as const;

/** Bytes CloudFront sends per API response and per page load (assets are cached in the browser after the first). */
const CLOUDFRONT_BYTES = { apiResponse: 3_000, pageLoad: 20_000 } as const;
/** X-Ray's default sampling: 1 request a second and 5 % of the rest. */
const XRAY_SAMPLED_SHARE = 0.05;
/** Domain events per journey (IdeaSaved, phases completed and unlocked, feedback, share views, recompute pages). */
const EVENTS_PER_JOURNEY = 30;
/** Data-room objects a founder uploads in their journey, each put once and read a few times. */
const FILES_PER_JOURNEY = { puts: 10, gets: 50 } as const;

const SECONDS_PER_MONTH = 30 * 24 * 3600;
const GB = 1024 ** 3;

export interface BillOptions {
  cognitoTier: 'essentials' | 'plus';
  logLevel: keyof typeof LOG_BYTES_PER_REQUEST;
  /** Whether AWS Backup keeps its daily recovery points (the stage's `backup`). */
  backup: boolean;
  /** MB of memory of the HTTP functions (infra/constructs/function.ts). */
  memoryMb: number;
}

export const PROD_BILL: BillOptions = { cognitoTier: 'plus', logLevel: 'INFO', backup: true, memoryMb: 512 };

export interface BillLine {
  service: string;
  what: string;
  usd: number;
}

export interface Bill {
  founders: number;
  lines: BillLine[];
  total: number;
  perFounder: number;
}

export function monthlyBill(founders: number, options: BillOptions, activity: Activity = ACTIVITY): Bill {
  const p = UNIT_PRICES;
  const plan = capacityPlan(founders, activity);
  const monthSeconds = SECONDS_PER_MONTH * activity.averageToPeak;
  const calls = peakCalls(founders, activity);
  const apiRequests = calls.reduce((sum, c) => sum + c.perSecond, 0) * monthSeconds;
  const aiRequests =
    calls
      .filter((c) => c.call.id === 'journey.generateIdeas' || c.call.id === 'journey.draftToolSuggestions')
      .reduce((sum, c) => sum + c.perSecond, 0) * monthSeconds;
  const pageLoads =
    calls.filter((c) => c.call.id === 'accounts.me').reduce((sum, c) => sum + c.perSecond, 0) * monthSeconds;
  const journeys = journeysPerMonth(founders, activity);
  const events = journeys * EVENTS_PER_JOURNEY;
  const connects = plan.realtimeConnectsPerSecond * monthSeconds;
  const connectionMinutes = plan.activeFounders * activity.averageToPeak * (SECONDS_PER_MONTH / 60);
  const pushes = (plan.activeFounders * REALTIME_PROFILE.messagesPerActiveFounderMinute * monthSeconds) / 60;
  // Every HTTP call, each event's consumer invocation (an event reaches ~2 of the RULES on average) and the
  // realtime handler's connects and disconnects.
  const invocations =
    apiRequests + events * Math.min(2, RULES.length) + connects * REALTIME_PROFILE.routesPerConnection;
  const gb = options.memoryMb / 1024;
  const gbSeconds =
    ((apiRequests - aiRequests) * BILLED_CALL_SECONDS.default + aiRequests * BILLED_CALL_SECONDS.ai) * gb +
    events * 2 * BILLED_CALL_SECONDS.default * gb;
  const tableGb = (founders * activity.storageKbPerFounder) / (1024 * 1024);
  const mau = founders * activity.monthlyActiveShare;
  const logGb = (invocations * LOG_BYTES_PER_REQUEST[options.logLevel]) / GB;
  const tracedRequests = apiRequests * XRAY_SAMPLED_SHARE;
  const edgeRequests = apiRequests + pageLoads;
  const dataRoomGb = (founders * activity.dataRoomMbPerFounder) / 1024;

  const lines: BillLine[] = [
    options.cognitoTier === 'plus'
      ? { service: 'Cognito', what: `Plus, ${round(mau)} MAU`, usd: mau * p.cognitoPlusMau.usd }
      : {
          service: 'Cognito',
          what: `Essentials, ${round(mau)} MAU`,
          usd: Math.max(0, mau - 10_000) * p.cognitoEssentialsMau.usd,
        },
    {
      service: 'DynamoDB',
      what: 'writes',
      usd: ((founders * DYNAMODB_UNITS_PER_FOUNDER_MONTH.write) / 1e6) * p.dynamoWrites.usd,
    },
    {
      service: 'DynamoDB',
      what: 'reads',
      usd: ((founders * DYNAMODB_UNITS_PER_FOUNDER_MONTH.read) / 1e6) * p.dynamoReads.usd,
    },
    { service: 'DynamoDB', what: `storage ${round(tableGb)} GB`, usd: tableGb * p.dynamoStorage.usd },
    { service: 'DynamoDB', what: 'point-in-time recovery', usd: tableGb * p.dynamoPitr.usd },
    {
      service: 'AWS Backup',
      what: options.backup ? `${FIXED.backupRecoveryPoints} daily recovery points` : 'off',
      usd: options.backup ? tableGb * FIXED.backupRecoveryPoints * p.backupStorage.usd : 0,
    },
    {
      service: 'Lambda',
      what: `${round(invocations / 1e6)} M requests, ${round(gbSeconds / 1e6)} M GB-s (Arm, ${options.memoryMb} MB)`,
      usd: (invocations / 1e6) * p.lambdaRequests.usd + gbSeconds * p.lambdaArmGbSecond.usd,
    },
    {
      service: 'API Gateway',
      what: `HTTP, ${round(apiRequests / 1e6)} M requests`,
      usd: (apiRequests / 1e6) * p.httpApiRequests.usd,
    },
    {
      service: 'API Gateway',
      what: `WebSocket, ${round((connects * 2 + pushes) / 1e6)} M messages, ${round(connectionMinutes / 1e6)} M connection minutes`,
      usd:
        ((connects * REALTIME_PROFILE.routesPerConnection + pushes) / 1e6) * p.websocketMessages.usd +
        (connectionMinutes / 1e6) * p.websocketMinutes.usd,
    },
    {
      service: 'CloudFront',
      what: `${round(edgeRequests / 1e6)} M requests`,
      usd:
        (edgeRequests / 1e4) * p.cloudfrontRequests.usd +
        ((apiRequests * CLOUDFRONT_BYTES.apiResponse + pageLoads * CLOUDFRONT_BYTES.pageLoad) / GB) *
          p.cloudfrontGb.usd,
    },
    {
      service: 'WAF',
      what: `web ACL, ${FIXED.wafRules} rules, ${round(edgeRequests / 1e6)} M requests`,
      usd: p.wafWebAcl.usd + FIXED.wafRules * p.wafRule.usd + (edgeRequests / 1e6) * p.wafRequests.usd,
    },
    {
      service: 'Bedrock',
      what: `${round(journeys)} journeys' tokens (Nova Lite)`,
      usd:
        ((journeys * BEDROCK_TOKENS_PER_JOURNEY.input) / 1e6) * p.bedrockInput.usd +
        ((journeys * BEDROCK_TOKENS_PER_JOURNEY.output) / 1e6) * p.bedrockOutput.usd,
    },
    {
      service: 'EventBridge',
      what: `${round(events / 1e6)} M events`,
      usd: (events / 1e6) * p.eventBridgeEvents.usd,
    },
    {
      service: 'SES',
      what: `${round(journeys * activity.emailsPerJourney)} emails`,
      usd: ((journeys * activity.emailsPerJourney) / 1000) * p.sesEmails.usd,
    },
    {
      service: 'S3',
      what: `data room ${round(dataRoomGb)} GB`,
      usd:
        dataRoomGb * p.s3Storage.usd +
        ((journeys * FILES_PER_JOURNEY.puts) / 1000) * p.s3Puts.usd +
        ((journeys * FILES_PER_JOURNEY.gets) / 1000) * p.s3Gets.usd,
    },
    { service: 'Secrets Manager', what: `${FIXED.secrets} secrets`, usd: FIXED.secrets * p.secret.usd },
    {
      service: 'CloudWatch',
      what: `logs at ${options.logLevel}: ${round(logGb)} GB a month, kept ${FIXED.logRetentionMonths} months`,
      usd: logGb * p.logsIngested.usd + logGb * LOG_COMPRESSION * FIXED.logRetentionMonths * p.logsStored.usd,
    },
    {
      service: 'CloudWatch',
      what: `${FIXED.alarms} alarms, ${FIXED.dashboards} dashboard`,
      usd: FIXED.alarms * p.alarm.usd + FIXED.dashboards * p.dashboard.usd,
    },
    {
      service: 'X-Ray',
      what: `${round(tracedRequests / 1e6)} M traces (5 % sampled)`,
      usd: (tracedRequests / 1e6) * p.xrayTraces.usd,
    },
  ];
  const total = lines.reduce((sum, line) => sum + line.usd, 0);
  return { founders, lines, total, perFounder: total / founders };
}

function round(n: number): string {
  if (n >= 100) return Math.round(n).toLocaleString('en-US');
  if (n >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

/** The bill's printed figure: whole dollars from $100, cents below. */
export const usd = (n: number): string => (n >= 100 ? `$${Math.round(n).toLocaleString('en-US')}` : `$${n.toFixed(2)}`);

/** The scales docs/capacity.md prices. */
export const BILL_SCALES = [1_000, 100_000, 1_000_000] as const;

/** The bill as the Markdown table docs/capacity.md holds, one column per scale. */
export function billTable(options: BillOptions = PROD_BILL): string {
  const bills = BILL_SCALES.map((founders) => monthlyBill(founders, options));
  const header = `| service | what (at 1,000,000) | ${BILL_SCALES.map((f) => `${f.toLocaleString('en-US')} founders`).join(' | ')} |`;
  const rule = `|---|---|${BILL_SCALES.map(() => '---:').join('|')}|`;
  const largest = bills[bills.length - 1];
  const rows = (largest?.lines ?? []).map(
    (line, i) => `| ${line.service} | ${line.what} | ${bills.map((b) => usd(b.lines[i]?.usd ?? 0)).join(' | ')} |`,
  );
  const total = `| **total a month** | | ${bills.map((b) => `**${usd(b.total)}**`).join(' | ')} |`;
  const perFounder = `| per founder a month | | ${bills.map((b) => `$${b.perFounder.toFixed(4)}`).join(' | ')} |`;
  return [header, rule, ...rows, total, perFounder].join('\n');
}
