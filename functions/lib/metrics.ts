/**
 * The business metrics (shared/business-metrics.ts) as CloudWatch Embedded Metric Format lines, through Powertools
 * Metrics: in Lambda a line on stdout becomes a metric in the stage's namespace, with no PutMetricData call and no
 * permission.
 *
 * Each event is published at once as a metric of its own (Powertools' single-metric mode), not stored until the
 * invocation ends: a count is not lost when the request fails after the thing happened, and requests the local stack
 * runs concurrently in one process cannot mix their dimensions.
 *
 * Where the lines go: in Lambda, stdout. Offline (npm start, tests) there is no CloudWatch: the lines go to the log
 * sink when one is set (logger.ts setLogSink: the local stack's terminal shows them with --verbose only, a test reads
 * them), and nowhere otherwise. A metric never fails the request that emits it.
 */
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import {
  BUSINESS_METRICS,
  type BusinessMetric,
  METRIC_BREAKDOWN,
  METRICS_NAMESPACE_ENV,
  METRICS_SERVICE,
  metricsNamespace,
} from '#shared/business-metrics';
import { logSinkConsole, rootLogger } from './logger';

type Breakdown = typeof METRIC_BREAKDOWN;
type WithBreakdown = keyof Breakdown;
type WithoutBreakdown = Exclude<BusinessMetric, WithBreakdown>;

/** Set by the Lambda runtime; Powertools Tracer reads the same variable to tell Lambda from elsewhere. */
const inLambda = (): boolean => Boolean(process.env.AWS_EXECUTION_ENV);

const discard = new Console({ stdout: new Writable({ write: (_chunk, _encoding, done) => done() }) });

/** The console a metric is written to, or undefined for nowhere. */
function output(): Console | undefined {
  const sink = logSinkConsole();
  if (sink) return sink;
  return inLambda() ? new Console({ stdout: process.stdout, stderr: process.stderr }) : undefined;
}

/** The stage's namespace: set on every function by the stack, else derived from STAGE as the stack derives it. */
export const currentNamespace = (): string =>
  process.env[METRICS_NAMESPACE_ENV] || metricsNamespace(process.env.STAGE || 'local');

/**
 * Counts one business event. A metric with a breakdown (METRIC_BREAKDOWN) is published under two dimension sets:
 * `service` alone (the stage's total, which the alarms read) and `service` with the breakdown.
 */
export function countEvent(metric: WithoutBreakdown): void;
export function countEvent(metric: WithBreakdown, breakdown: string): void;
export function countEvent(metric: BusinessMetric, breakdown?: string): void {
  const out = output();
  if (!out) return;
  try {
    const single = new Metrics({
      namespace: currentNamespace(),
      serviceName: METRICS_SERVICE,
      singleMetric: true,
      // Powertools' own warnings (an invalid dimension) go to the log sink too; offline they are not worth a line.
      logger: inLambda() ? out : discard,
    });
    // Powertools has no option for where the line goes; its console is replaced as logger.ts replaces the Logger's.
    Reflect.set(single, 'console', out);
    const dimension = (METRIC_BREAKDOWN as Partial<Record<BusinessMetric, string>>)[metric];
    if (dimension && breakdown) {
      single.addDimensions({});
      single.addDimensions({ [dimension]: breakdown });
    }
    single.addMetric(BUSINESS_METRICS[metric], MetricUnit.Count, 1);
  } catch (err) {
    rootLogger.warn('metric not published', { metric, error: String(err) });
  }
}
