import { useCallback, useState } from 'react';
import { useAuth } from './auth-context';
import { dropDraft, type KeptDraft, keepDraft, keptDraft } from './kept-drafts';

/**
 * One field's unsaved text kept on this device for the signed-in user (lib/kept-drafts.ts): `restored` is what was
 * kept when the field first showed (read once), `keep` follows every keystroke, `drop` follows a save or a cancel.
 */
export function useKeptDraft(field: string) {
  const sub = useAuth().user?.sub;
  const [restored, setRestored] = useState<KeptDraft | null>(() => (sub ? keptDraft(sub, field) : null));
  const keep = useCallback(
    (text: string, context?: string) => {
      if (sub) keepDraft(sub, field, text, new Date(), context);
    },
    [sub, field],
  );
  const drop = useCallback(() => {
    if (sub) dropDraft(sub, field);
    setRestored(null);
  }, [sub, field]);
  return { restored, keep, drop };
}
