import net from 'node:net';

export type EmulatorName = 'dynamodb' | 'cognito' | 's3' | 'ses';

/** Human-readable names, used in every error message. */
export const EMULATOR_LABELS: Readonly<Record<EmulatorName, string>> = {
  dynamodb: 'DynamoDB Local',
  cognito: 'cognito-local',
  s3: 's3rver',
  ses: 'aws-ses-v2-local',
};

/** Environment variables that override the fixed ports of `npm start`. */
export const PORT_ENV_VARS: Readonly<Record<EmulatorName, string>> = {
  dynamodb: 'PRESEED_DYNAMODB_PORT',
  cognito: 'PRESEED_COGNITO_PORT',
  s3: 'PRESEED_S3_PORT',
  ses: 'PRESEED_SES_PORT',
};

/**
 * Suggested fixed ports for `npm start`, so URLs stay stable across restarts.
 * Cognito avoids its own default 9229 because that is also Node's `--inspect` port.
 */
export const DEFAULT_PORTS: Readonly<Record<EmulatorName, number>> = {
  dynamodb: 8000,
  cognito: 9230,
  s3: 4569,
  ses: 8005,
};

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  readonly service: string;
  readonly port: number;

  constructor(service: string, port: number, envVar?: string) {
    const change = envVar ? `, or set ${envVar} to another port` : ', or choose another port';
    super(
      `Port ${port} (${service}) is already in use. Stop the program using it (\`lsof -i :${port}\` shows it)${change}.`,
    );
    this.service = service;
    this.port = port;
  }
}

/** Asks the OS for a port that is free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await listen(server, 0);
  const address = server.address();
  await close(server);
  if (address === null || typeof address === 'string') {
    throw new Error('Could not determine a free port');
  }
  return address.port;
}

/**
 * Throws PortInUseError when something already serves `port`.
 * `service` is a label ('DynamoDB Local', 'Preseed app') or an emulator key, whose env var is then named.
 */
export async function checkPortFree(port: number, service: string, envVar?: string): Promise<void> {
  const key = emulatorKey(service);
  const label = key ? EMULATOR_LABELS[key] : service;
  const hint = envVar ?? (key ? PORT_ENV_VARS[key] : undefined);
  // A bind test alone misses a wildcard (0.0.0.0 / ::) listener on macOS, where SO_REUSEADDR lets a
  // specific-address bind succeed next to it, and a listener on ::1 only; the connect probes catch both.
  const [bindable, acceptsV4, acceptsV6] = await Promise.all([
    canBind(port).catch((error: unknown) => {
      if (isErrno(error, 'EACCES')) {
        throw new Error(
          `Port ${port} (${label}) needs administrator rights; use a port above 1023${hint ? ` (${hint})` : ''}.`,
        );
      }
      throw error;
    }),
    accepts('127.0.0.1', port),
    accepts('::1', port),
  ]);
  if (!bindable || acceptsV4 || acceptsV6) {
    throw new PortInUseError(label, port, hint);
  }
}

/** Port to use for `service`: the fixed one after checking it is free, or a free one when 0/undefined. */
export async function resolvePort(service: EmulatorName, requested: number | undefined): Promise<number> {
  if (requested === undefined || requested === 0) {
    return freePort();
  }
  if (!Number.isInteger(requested) || requested < 1 || requested > 65_535) {
    throw new Error(`Invalid port ${requested} for ${EMULATOR_LABELS[service]} (${PORT_ENV_VARS[service]}).`);
  }
  await checkPortFree(requested, service);
  return requested;
}

/** Reads PRESEED_*_PORT overrides; unset or empty variables are left out. */
export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Record<EmulatorName, number>> {
  const ports: Partial<Record<EmulatorName, number>> = {};
  for (const key of Object.keys(PORT_ENV_VARS) as EmulatorName[]) {
    const raw = env[PORT_ENV_VARS[key]]?.trim();
    if (!raw) continue;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      throw new Error(`${PORT_ENV_VARS[key]}=${raw} is not a valid port number.`);
    }
    ports[key] = port;
  }
  return ports;
}

function emulatorKey(service: string): EmulatorName | undefined {
  return (Object.keys(EMULATOR_LABELS) as EmulatorName[]).find(
    (key) => key === service || EMULATOR_LABELS[key] === service,
  );
}

async function canBind(port: number): Promise<boolean> {
  const server = net.createServer();
  try {
    await listen(server, port);
  } catch (error) {
    if (isErrno(error, 'EADDRINUSE')) return false;
    throw error;
  }
  await close(server);
  return true;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: boolean): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    // ECONNREFUSED, or EADDRNOTAVAIL where IPv6 is disabled: nobody listens there.
    socket.once('error', () => done(false));
  });
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
