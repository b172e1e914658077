import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FileCategory, MAX_FILE_BYTES } from '#shared/api-types';
import { checkFileType, contentTypeForName } from '#shared/domain/data-room';
import { addFileToCache, confirmUpload, dataRoomKeys, startUpload } from '../../data/data-room/data-room-api';
import { isAbort, uploadErrorText, uploadToStorage } from '../../data/data-room/upload-to-storage';
import { useAccountSub } from '../../lib/account-query';
import { ApiError } from '../../lib/api';
import { useToast } from '../../ui/toast/toast-context';
import { UPLOAD_TEXTS } from './upload-texts';

export type Stage = 'preparing' | 'uploading' | 'saving';

/**
 * The type the file is uploaded as: the one its extension stands for in the data room's list (browsers report
 * some types differently, e.g. CSV as an Excel sheet on Windows, or nothing for Markdown), else what the browser says.
 */
function uploadType(file: File): string {
  return contentTypeForName(file.name) ?? (file.type || 'application/octet-stream');
}

/** The spec's "larger than 10MB" with the file's own size and the limit that applies, so the founder knows how far off it is. */
export function tooLargeText(size: number, limit: number): string {
  // The file's size rounded up, the limit down: a file just over never reads as the limit itself.
  const mb = (bytes: number, round: (n: number) => number) => `${round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${UPLOAD_TEXTS.tooLarge} This one is ${mb(size, Math.ceil)}; the limit is ${mb(limit, Math.floor)}.`;
}

export const STAGE_TEXT: Record<Stage, string> = {
  preparing: 'Preparing upload...',
  uploading: 'Uploading...',
  saving: 'Saving...',
};

/**
 * One upload's state and its three steps — the API hands out a presigned POST, the browser sends the file straight
 * to storage with real progress, the API records it. Unmounting (the dialog closing) cancels a running upload.
 */
export function useUpload(onDone: () => void) {
  const { toast } = useToast();
  const client = useQueryClient();
  const sub = useAccountSub();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<FileCategory | ''>('');
  const [stage, setStage] = useState<Stage | null>(null);
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  // A file refused before it was sent: said in the dialog until dismissed or another file is chosen — a toast that
  // fades took the reason away while the founder was still looking for a smaller file.
  const [refusal, setRefusal] = useState<string | null>(null);

  // Leaving (Cancel, Escape, close) cancels a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const refuse = (message: string) => {
    setRefusal(message);
    toast({ title: UPLOAD_TEXTS.failedTitle, description: message, variant: 'destructive' });
  };
  const tooLarge = (size: number, limit: number) => refuse(tooLargeText(size, limit));

  const choose = (chosen: File) => {
    setRefusal(null);
    if (chosen.size > MAX_FILE_BYTES) {
      tooLarge(chosen.size, MAX_FILE_BYTES);
      return;
    }
    // The API's own rule (shared/domain/data-room.ts): said here before anything is sent.
    const verdict = checkFileType(chosen.name, uploadType(chosen));
    if (!verdict.ok) {
      refuse(verdict.message);
      return;
    }
    setFile(chosen);
  };

  /** Spec §8 'Not authenticated' when the session is gone (the API answers 401). */
  const signedOut = (err: unknown) => {
    if (!(err instanceof ApiError && err.status === 401)) return false;
    toast({ title: UPLOAD_TEXTS.signedOutTitle, description: UPLOAD_TEXTS.signedOutText, variant: 'destructive' });
    return true;
  };

  const busy = stage !== null;
  const ready = file !== null && category !== '';

  const upload = async () => {
    if (busy) return;
    if (!file || !category) {
      toast({ title: UPLOAD_TEXTS.missingTitle, description: UPLOAD_TEXTS.missingText, variant: 'destructive' });
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      tooLarge(file.size, MAX_FILE_BYTES);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    const reset = () => {
      controller.current = null;
      setStage(null);
      setProgress(0);
    };
    setProgress(0);
    setStage('preparing');

    let key: string;
    try {
      const ticket = await startUpload(
        { name: file.name, size: file.size, contentType: uploadType(file), category },
        abort.signal,
      );
      if (file.size > ticket.maxBytes) {
        reset();
        tooLarge(file.size, ticket.maxBytes);
        return;
      }
      key = ticket.key;
      setStage('uploading');
      await uploadToStorage({
        url: ticket.url,
        fields: ticket.fields,
        file,
        onProgress: setProgress,
        signal: abort.signal,
      });
    } catch (err) {
      if (isAbort(err)) return;
      console.error('Upload failed', err);
      reset();
      if (signedOut(err)) return;
      toast({
        title: UPLOAD_TEXTS.failedTitle,
        description: uploadErrorText(err, UPLOAD_TEXTS.failedFallback),
        variant: 'destructive',
      });
      return;
    }

    setStage('saving');
    try {
      const saved = await confirmUpload({ key, name: file.name, category }, abort.signal);
      if (!saved) throw new Error(UPLOAD_TEXTS.metadataFallback);
      controller.current = null;
      addFileToCache(client, sub, saved);
      toast({ title: UPLOAD_TEXTS.doneTitle, description: UPLOAD_TEXTS.doneText });
      onDone();
    } catch (err) {
      // Cancelled while the server records it: it may be saved or not, so the list asks the server.
      if (isAbort(err)) {
        void client.invalidateQueries({ queryKey: dataRoomKeys.files(sub) });
        return;
      }
      console.error('Could not save the file metadata', err);
      reset();
      if (signedOut(err)) return;
      toast({
        title: UPLOAD_TEXTS.metadataTitle,
        description: err instanceof Error && err.message ? err.message : UPLOAD_TEXTS.metadataFallback,
        variant: 'destructive',
      });
    }
  };

  return {
    file,
    choose,
    category,
    setCategory,
    stage,
    progress,
    busy,
    ready,
    upload,
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}
