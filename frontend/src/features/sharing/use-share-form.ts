import { type FormEvent, useMemo, useState } from 'react';
import { SHARE_LIMITS } from '#shared/domain/sharing';
import { useFiles } from '../../data/data-room/data-room-api';
import type { FileCategory } from '../../data/data-room/file-format';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { toggled } from '../../lib/toggled';
import { type CreatedShare, useCreateShare } from './sharing-api';

export interface ShareFormErrors {
  files?: string;
  passcode?: string;
  form?: string;
}

/** The share dialog's state: what to share and how, its checks before sending, and the link once created. */
export function useShareForm() {
  const files = useFiles();
  const create = useCreateShare();
  const all = useMemo(() => files.data?.pages.flatMap((page) => page.files) ?? [], [files.data]);
  const [mode, setMode] = useState<'files' | 'category'>('files');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [category, setCategory] = useState<FileCategory>('pitch-deck');
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState('0');
  const [passcode, setPasscode] = useState('');
  const [requireEmail, setRequireEmail] = useState(false);
  const [showStartupName, setShowStartupName] = useState(false);
  const [errors, setErrors] = useState<ShareFormErrors>({});
  const [created, setCreated] = useState<CreatedShare | null>(null);

  const toggle = (id: string) => setChosen((current) => toggled(current, id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: ShareFormErrors = {};
    if (mode === 'files' && chosen.size === 0) found.files = 'Choose at least one file to share.';
    if (passcode && passcode.length < SHARE_LIMITS.passcodeMinLength) {
      found.passcode = `The passcode must be at least ${SHARE_LIMITS.passcodeMinLength} characters.`;
    }
    setErrors(found);
    if (found.files || found.passcode) return;
    const days = Number(expiry);
    try {
      const result = await create.mutateAsync({
        ...(mode === 'files' ? { fileIds: [...chosen] } : { category }),
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(days > 0 ? { expiresAt: new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString() } : {}),
        ...(passcode ? { passcode } : {}),
        requireEmail,
        showStartupName,
      });
      setCreated(result);
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.message ? err.message : FALLBACK_ERROR_MESSAGE });
    }
  };

  return {
    files: { all, isPending: files.isPending },
    creating: create.isPending,
    created,
    errors,
    submit,
    mode,
    setMode,
    chosen,
    toggle,
    category,
    setCategory,
    label,
    setLabel,
    expiry,
    setExpiry,
    passcode,
    setPasscode,
    requireEmail,
    setRequireEmail,
    showStartupName,
    setShowStartupName,
  };
}

export type ShareFormState = ReturnType<typeof useShareForm>;
