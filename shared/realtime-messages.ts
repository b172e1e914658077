/**
 * What travels over the realtime WebSocket, shared by the push consumer, the local
 * server and the browser. The browser connects with `?token=<access token>` (a
 * WebSocket cannot send an Authorization header) and may name itself with `userId`.
 */
import type { PhaseFlags } from './domain/phases';
import type { QuestionType } from './domain/questions';

export const REALTIME_QUERY = { token: 'token', userId: 'userId' } as const;

/** Local path of the WebSocket on the app's own origin; the cloud uses the WebSocket API's URL. */
export const LOCAL_REALTIME_PATH = '/ws';

/** The founder's phase record changed: the sidebar shows these flags (spec §2). */
export interface PhasesMessage {
  type: 'phases';
  phases: PhaseFlags;
  /** The record's version; a client ignores a message older than what it already shows. */
  version: number;
}

/** A coach's feedback on the founder's answers changed (a comment, a change request, a reply in another tab). */
export interface FeedbackMessage {
  type: 'feedback';
  phase: QuestionType;
}

export type RealtimeMessage = PhasesMessage | FeedbackMessage;
