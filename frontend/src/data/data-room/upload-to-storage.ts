/**
 * The browser's half of an upload: the presigned POST straight to storage. XMLHttpRequest rather than fetch, because
 * only XMLHttpRequest reports upload progress (xhr.upload.onprogress).
 */
import { ApiError } from '../../lib/api';

export const STORAGE_NETWORK_MESSAGE = 'Could not reach the file storage. Check your connection and try again.';
export const STORAGE_FALLBACK_MESSAGE = 'The file could not be stored. Please try again.';

/** A refusal or failure of the storage service; `code` is its error code (e.g. S3's `EntityTooLarge`). */
export class StorageUploadError extends Error {
  override name = 'StorageUploadError';

  constructor(
    message: string,
    readonly code: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
  ) {
    super(message);
  }
}

export interface StorageUpload {
  url: string;
  /** Sent first, in order, as the presigned POST requires. */
  fields: Record<string, string>;
  file: File;
  /** Whole percent of the request body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function xmlValue(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match?.[1]?.trim() || undefined;
}

/** S3 answers a refused POST with an XML body: <Error><Code>…</Code><Message>…</Message></Error>. */
export function storageErrorFrom(status: number, body: string): StorageUploadError {
  const code = xmlValue(body, 'Code') ?? `Http${status}`;
  const message = xmlValue(body, 'Message') ?? STORAGE_FALLBACK_MESSAGE;
  return new StorageUploadError(message, code, status);
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** POSTs the file as multipart form data: every field first, the file last under 'file'. */
export function uploadToStorage({ url, fields, file, onProgress, signal }: StorageUpload): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', file, file.name);

    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.max(0, Math.round((event.loaded / event.total) * 100))));
      }
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
      } else {
        reject(storageErrorFrom(xhr.status, typeof xhr.responseText === 'string' ? xhr.responseText : ''));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new StorageUploadError(STORAGE_NETWORK_MESSAGE, 'NetworkError', 0));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    xhr.open('POST', url);
    onProgress?.(0);
    xhr.send(body);
  });
}

/**
 * The machine-readable name of an upload error, for the spec's ' (Error: {error name})': the API's or the storage's
 * error code, else a named Error's name.
 */
export function uploadErrorName(err: unknown): string | undefined {
  if (err instanceof ApiError) return err.error || undefined;
  if (err instanceof StorageUploadError) return err.code || undefined;
  if (err instanceof Error && err.name && err.name !== 'Error') return err.name;
  return undefined;
}

/** Spec §8: the message, plus ' (Error: {error name})' when the error has a name. */
export function uploadErrorText(err: unknown, fallback: string): string {
  const message = err instanceof Error && err.message ? err.message : fallback;
  const name = uploadErrorName(err);
  return name ? `${message} (Error: ${name})` : message;
}
