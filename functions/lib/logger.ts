/**
 * Structured JSON logs, one line per entry, with the request id on every line so
 * CloudWatch Logs Insights (and a local reader) can follow one request.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export type LogSink = (line: string, level: LogLevel) => void;

let sink: LogSink = (line, level) => {
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

/** Lets the local stack and tests redirect or silence logs. */
export function setLogSink(next: LogSink): void {
  sink = next;
}

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
  return configured in LEVELS ? LEVELS[configured as LogLevel] : LEVELS.info;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(fields: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, message: string, data?: Record<string, unknown>) => {
    if (LEVELS[level] < threshold()) return;
    const entry: Record<string, unknown> = { level, time: new Date().toISOString(), message, ...fields };
    if (data) for (const [k, v] of Object.entries(data)) entry[k] = serialise(v);
    sink(JSON.stringify(entry), level);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (more) => createLogger({ ...fields, ...more }),
  };
}

export const rootLogger = createLogger({ service: 'preseed' });
