/**
 * What travels over the realtime WebSocket, shared by the push consumer, the local
 * server and the browser. A browser WebSocket cannot send an Authorization header, and a
 * URL ends up in access logs, so the browser offers two subprotocols —
 * `new WebSocket(url, [REALTIME_PROTOCOL, accessToken])`, sent as `Sec-WebSocket-Protocol` —
 * and `$connect` answers with `REALTIME_PROTOCOL` alone. The query only names the user (`userId`).
 */
import type { PhaseFlags } from './domain/phases';
import type { QuestionType } from './domain/questions';

/** The subprotocol `$connect` selects; the other one offered is the access token. */
export const REALTIME_PROTOCOL = 'preseed.v1';

export const REALTIME_QUERY = { userId: 'userId' } as const;

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
