/**
 * Sends hostile requests and checks what every response owes us: no 5xx, the error
 * shape on every 4xx, and no change to the table after a refused request. The table is
 * compared after the event bus is idle, so writes by consumers of a refused request's
 * events count against it too.
 */
import type { RouteId } from '#shared/routes';
import { eventsSettled } from '../helpers';
import { type RawRequest, type RawResponse, sendRaw } from './raw-request';
import { type Change, diffSnapshots, type Snapshot, snapshotTable } from './table-snapshot';

export interface Sent {
  routeId: RouteId;
  request: RawRequest;
  response: RawResponse;
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** Tokens are long and say nothing about the failure. */
const shownHeaders = (headers: Record<string, string> = {}) =>
  JSON.stringify({ ...headers, ...(headers.authorization ? { authorization: 'Bearer …' } : {}) });

export function describeSent({ routeId, request, response }: Sent): string {
  const body =
    request.body === undefined
      ? ''
      : ` body=${clip(JSON.stringify(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : request.body))}`;
  return `${routeId}: ${request.method} ${clip(request.path)} headers=${clip(shownHeaders(request.headers))}${body} → ${response.status} ${clip(response.text)}`;
}

/**
 * The one change a refused request may legitimately make: rate-limit windows (RATE#…) count
 * requests, refused ones too. Sign-up start counts the address's window before the client's, so a
 * 429 from the client's window has still counted the address's. (A wrong sign-up code would count
 * an attempt on its pending code, but every verify here goes to an address that was sent no code.)
 */
function excused(change: Change): boolean {
  return change.PK.startsWith('RATE#');
}

function problemsOf(response: RawResponse): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`answered ${response.status}`);
  if (response.status >= 400 && response.status < 500) {
    const body = response.json as { error?: unknown; message?: unknown } | undefined;
    if (typeof body?.message !== 'string' || body.message.trim() === '') problems.push('4xx without a message');
    if (typeof body?.error !== 'string' || body.error === '') problems.push('4xx without an error code');
  }
  // Every caller here is one the route admits: a 401/403 would mean the input never reached the route.
  if (response.status === 401 || response.status === 403) problems.push('refused by the access check');
  return problems;
}

export class Verifier {
  private baseline: Snapshot | null = null;
  /** Refused-before-handler requests sent since the baseline, not yet checked against the table. */
  private pending: Sent[] = [];

  constructor(private readonly apiUrl: string) {}

  /** Takes a fresh baseline (after setup writes, or after a failed run left things unknown). */
  async reset(): Promise<void> {
    await eventsSettled();
    this.baseline = await snapshotTable();
    this.pending = [];
  }

  private async changesSinceBaseline(): Promise<Change[]> {
    await eventsSettled();
    const now = await snapshotTable();
    const before = this.baseline ?? now;
    this.baseline = now;
    return diffSnapshots(before, now);
  }

  /** Checks the batch of refused requests sent since the last snapshot. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const changes = (await this.changesSinceBaseline()).filter((c) => !excused(c));
    if (changes.length > 0) {
      throw new Error(
        `Refused requests changed the table:\n${batch.map(describeSent).join('\n')}\nchanges: ${clip(JSON.stringify(changes), 3000)}`,
      );
    }
  }

  /**
   * Sends one request. `refusedEarly` (see refusal.ts) lets it join a batch checked later;
   * anything else is checked against a snapshot of its own.
   */
  async send(routeId: RouteId, request: RawRequest, refusedEarly: boolean): Promise<Sent> {
    if (!this.baseline) await this.reset();
    if (!refusedEarly) await this.flush();
    const response = await sendRaw(this.apiUrl, request);
    const sent: Sent = { routeId, request, response };
    const problems = problemsOf(response);
    if (problems.length > 0) {
      this.baseline = null;
      throw new Error(`${problems.join(', ')}: ${describeSent(sent)}`);
    }
    if (refusedEarly) {
      if (response.status < 400) {
        this.baseline = null;
        throw new Error(
          `Accepted although its own schemas refuse it (is refusal.ts out of date?): ${describeSent(sent)}`,
        );
      }
      this.pending.push(sent);
      return sent;
    }
    const changes = (await this.changesSinceBaseline()).filter((c) => !excused(c));
    if (response.status >= 400 && changes.length > 0) {
      throw new Error(
        `A refused request changed the table: ${describeSent(sent)}\nchanges: ${clip(JSON.stringify(changes), 3000)}`,
      );
    }
    return sent;
  }
}
