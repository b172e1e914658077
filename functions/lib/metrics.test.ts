import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRICS_NAMESPACE_ENV } from '#shared/business-metrics';
import { setLogSink } from './logger';
import { countEvent, currentNamespace } from './metrics';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function stdoutWrites(): string[] {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

// In this order: setLogSink cannot be undone, and the first two cases are about a process without one.
describe('countEvent', () => {
  it('writes nothing offline without a log sink: no CloudWatch to read it, no console to clutter', () => {
    vi.stubEnv('AWS_EXECUTION_ENV', '');
    const written = stdoutWrites();
    countEvent('signUps');
    expect(written).toEqual([]);
  });

  it("writes one EMF line to stdout in Lambda, in the stage's namespace", () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv(METRICS_NAMESPACE_ENV, 'Preseed/prod');
    const written = stdoutWrites();
    countEvent('payments');
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0] ?? '')).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          { Namespace: 'Preseed/prod', Dimensions: [['service']], Metrics: [{ Name: 'Payments', Unit: 'Count' }] },
        ],
      },
      service: 'preseed',
      Payments: 1,
    });
  });

  it('writes to the log sink when one is set, a breakdown as a second dimension set beside the total', () => {
    vi.stubEnv('AWS_EXECUTION_ENV', '');
    const lines: string[] = [];
    setLogSink((line) => lines.push(line));
    countEvent('answersSaved', 'trigger');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        _aws: expect.objectContaining({
          CloudWatchMetrics: [
            {
              Namespace: 'Preseed/local',
              Dimensions: [['service'], ['service', 'questionType']],
              Metrics: [{ Name: 'AnswersSaved', Unit: 'Count' }],
            },
          ],
        }),
        service: 'preseed',
        questionType: 'trigger',
        AnswersSaved: 1,
      }),
    ]);
  });

  it('publishes a metric without its breakdown as the total alone', () => {
    const lines: string[] = [];
    setLogSink((line) => lines.push(line));
    countEvent('unlocks', '');
    expect(JSON.parse(lines[0] ?? '')._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
  });
});

describe('currentNamespace', () => {
  it("is the stack's setting, else the stage's namespace derived as the stack derives it", () => {
    vi.stubEnv(METRICS_NAMESPACE_ENV, 'Preseed/prod');
    expect(currentNamespace()).toBe('Preseed/prod');
    vi.stubEnv(METRICS_NAMESPACE_ENV, '');
    vi.stubEnv('STAGE', 'dev');
    expect(currentNamespace()).toBe('Preseed/dev');
    vi.stubEnv('STAGE', '');
    expect(currentNamespace()).toBe('Preseed/local');
  });
});
