import { useState } from 'react';

/** What sending a reply needs: the founder's useReply and the coach's useCoachReply both fit. */
interface ReplyMutation {
  mutate: (
    reply: { questionId: string; id: string; text: string },
    callbacks: { onSuccess: () => void; onError: (err: unknown) => void },
  ) => void;
}

/**
 * The reply being written under one feedback thread, on either side. Each reply keeps one id until it is stored: a
 * retry after a lost answer reuses it, so the reply is stored once.
 */
export function useReplyDraft(reply: ReplyMutation, questionId: string, onError: (err: unknown) => void) {
  const [draft, setDraft] = useState('');
  const [replyId, setReplyId] = useState(() => crypto.randomUUID());
  /** Sends the trimmed draft; false, and nothing sent, when it is blank. */
  const send = (): boolean => {
    const text = draft.trim();
    if (!text) return false;
    reply.mutate(
      { questionId, id: replyId, text },
      {
        onSuccess: () => {
          setDraft('');
          setReplyId(crypto.randomUUID());
        },
        onError,
      },
    );
    return true;
  };
  return { draft, setDraft, send };
}
