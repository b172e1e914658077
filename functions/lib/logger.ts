/**
 * Structured JSON logs through Powertools for AWS Lambda's Logger: one line per entry, with the
 * request id on every line so CloudWatch Logs Insights (and a local reader) can follow one request.
 *
 * Handlers see the small `Logger` interface below; `child` adds fields to every line it writes. In
 * Lambda, Powertools writes to stdout/stderr itself; the local stack and tests may redirect the lines
 * (setLogSink) to print them differently or to read them.
 */
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export type LogSink = (line: string, level: LogLevel) => void;

const powertools = new PowertoolsLogger({
  serviceName: 'preseed',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO').toUpperCase() as 'INFO',
});

const LEVEL = /"level":"(DEBUG|INFO|WARN|ERROR|CRITICAL)"/;

/** A stream whose lines go to the sink, with the level Powertools wrote into each one. */
function sinkStream(next: LogSink): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        const level = (LEVEL.exec(line)?.[1] ?? 'INFO').toLowerCase();
        next(line, level === 'critical' ? 'error' : (level as LogLevel));
      }
      done();
    },
  });
}

/**
 * Lets the local stack and tests redirect or silence logs. Powertools has no option for its output,
 * so its console (stdout/stderr in Lambda) is replaced by one that writes to the sink.
 */
export function setLogSink(next: LogSink): void {
  const stream = sinkStream(next);
  sinkConsole = new Console({ stdout: stream, stderr: stream });
  Reflect.set(powertools, 'console', sinkConsole);
}

let sinkConsole: Console | undefined;

/**
 * The console of the sink set by setLogSink, if one is: the metrics (metrics.ts) write their lines there too, so the
 * local stack and tests that quiet or read the logs quiet or read the metrics with them.
 */
export function logSinkConsole(): Console | undefined {
  return sinkConsole;
}

export function createLogger(fields: Record<string, unknown> = {}): Logger {
  // Fields are passed with each entry rather than through Powertools' createChild, which would build
  // a whole logger per request.
  const write = (level: LogLevel, message: string, data?: Record<string, unknown>) =>
    powertools[level](message, data ? { ...fields, ...data } : fields);
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (more) => createLogger({ ...fields, ...more }),
  };
}

export const rootLogger = createLogger();
