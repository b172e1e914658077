import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { once, waitUntilReady } from './child';
import { checkPortFree, EMULATOR_LABELS } from './ports';
import type { RunningEmulator } from './types';

const require = createRequire(import.meta.url);
const LABEL = EMULATOR_LABELS.ses;

interface SesLocalModule {
  default: (config: { host: string; port: number }) => Promise<Server>;
}
interface SesLocalStoreModule {
  clearStore: () => void;
}

/** The shape of one email in aws-ses-v2-local's GET /store (dist/store.d.ts, 2.10.2). */
interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** Seconds since the epoch. */
  at: number;
}

export interface SentEmail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** ISO 8601; the emulator records whole seconds. */
  sentAt: string;
}

export interface SesLocalOptions {
  /** 0 or omitted: the OS picks a free port. */
  port?: number;
  readyTimeoutMs?: number;
}

/**
 * Starts aws-ses-v2-local inside this process (its package exports a server factory).
 * SDK clients use the bare base URL: @aws-sdk/client-sesv2 posts to <endpoint>/v2/email/outbound-emails.
 * Mail is held in memory only, so it is gone after a restart. The store is a module singleton:
 * two servers in one process would share it, and stop() clears it so a restart starts empty.
 */
export async function startSesLocal(options: SesLocalOptions = {}): Promise<RunningEmulator> {
  const started = performance.now();
  if (options.port) await checkPortFree(options.port, 'ses');
  const { default: createServer } = require('aws-ses-v2-local') as SesLocalModule;
  // Binding port 0 directly leaves no gap between choosing a port and taking it; that matters here
  // because the package adds no 'error' listener, so a failed listen would crash this process.
  const server = await createServer({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`${LABEL} did not report its port`);
  const endpoint = `http://127.0.0.1:${address.port}`;
  const stop = async (): Promise<void> => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive sockets from SDK clients would otherwise hold close() open.
      server.closeAllConnections();
    });
    (require('aws-ses-v2-local/dist/store') as SesLocalStoreModule).clearStore();
  };
  try {
    await waitUntilReady({
      label: LABEL,
      endpoint,
      timeoutMs: options.readyTimeoutMs ?? 10_000,
      probe: async (signal) => (await fetch(`${endpoint}/health-check`, { signal })).ok,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    service: 'ses',
    endpoint,
    port: address.port,
    pid: undefined,
    startedInMs: Math.round(performance.now() - started),
    stop: once(stop),
  };
}

/** Every email the emulator received, newest first. */
export async function listSentEmails(sesEndpoint: string): Promise<SentEmail[]> {
  const response = await fetch(new URL('/store', sesEndpoint));
  if (!response.ok) throw new Error(`${LABEL} GET /store failed: HTTP ${response.status}`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails
    .map((email, index) => ({ email, index }))
    .sort((a, b) => b.email.at - a.email.at || b.index - a.index)
    .map(({ email }) => ({
      messageId: email.messageId,
      from: email.from,
      to: email.destination.to,
      subject: email.subject,
      html: email.body.html ?? '',
      text: email.body.text ?? '',
      sentAt: new Date(email.at * 1000).toISOString(),
    }));
}

export async function clearSentEmails(sesEndpoint: string): Promise<void> {
  const response = await fetch(new URL('/clear-store', sesEndpoint), { method: 'POST' });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${LABEL} POST /clear-store failed: HTTP ${response.status}`);
}
