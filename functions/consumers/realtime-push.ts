/**
 * Pushes a founder's phase flags to their open WebSocket connections whenever the phase
 * record changes (an idea saved opens the trigger questions; a coach unlocks a phase), so the
 * sidebar opens the next page without a reload. The flags are read from the table, not
 * taken from the event, so a late or repeated delivery never shows an older state.
 * Connections that are gone (410) are forgotten; any other failure retries the delivery.
 */

import type { QuestionType } from '#shared/domain/questions';
import type { FeedbackMessage, PhasesMessage, RealtimeMessage } from '#shared/realtime-messages';
import { sendToConnection } from '../integrations/realtime';
import { createConsumer } from '../lib/consumer';
import type { Logger } from '../lib/logger';
import { connectionsOf, dropConnection } from '../store/connections';
import { readPhaseRecord } from '../store/phases';

export async function pushPhases(userId: string, log: Logger): Promise<{ sent: number; gone: number }> {
  return pushToFounder(userId, log, async () => {
    const record = await readPhaseRecord(userId);
    const message: PhasesMessage = { type: 'phases', phases: record.phases, version: record.version };
    return message;
  });
}

/** Tells the founder's pages that a phase's feedback changed; they fetch it (the message carries no content). */
export async function pushFeedback(userId: string, phase: QuestionType, log: Logger) {
  const message: FeedbackMessage = { type: 'feedback', phase };
  return pushToFounder(userId, log, async () => message);
}

async function pushToFounder(
  userId: string,
  log: Logger,
  build: () => Promise<RealtimeMessage>,
): Promise<{ sent: number; gone: number }> {
  const connections = await connectionsOf(userId);
  if (connections.length === 0) return { sent: 0, gone: 0 };
  const message = await build();
  const outcomes = await Promise.allSettled(
    connections.map(async (connectionId) => {
      const outcome = await sendToConnection(connectionId, message);
      if (outcome === 'gone') await dropConnection(userId, connectionId);
      return outcome;
    }),
  );
  const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  const sent = outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent').length;
  const gone = outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'gone').length;
  log.info('pushed', { userId, type: message.type, sent, gone, failed: failed.length });
  // Retrying re-sends to every connection; a repeated message is harmless (same version, or a refetch).
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((f) => f.reason),
      'push to some connections failed',
    );
  return { sent, gone };
}

export const handler = createConsumer('realtime-push', {
  IdeaSaved: async ({ userId }, log) => {
    await pushPhases(userId, log);
  },
  PhaseUnlocked: async ({ userId }, log) => {
    await pushPhases(userId, log);
  },
  FeedbackGiven: async ({ userId, phase }, log) => {
    await pushFeedback(userId, phase, log);
  },
  ChangesRequested: async ({ userId, phase }, log) => {
    await pushFeedback(userId, phase, log);
  },
  FeedbackReplied: async ({ userId, phase }, log) => {
    await pushFeedback(userId, phase, log);
  },
});
