import { fileDownloader } from '../../lib/download';

/**
 * Saves a shared file whose short-lived storage link the API just gave: the page fetches the bytes itself and
 * saves them from memory, so the browser never navigates to the storage address (nor shows it).
 */
export async function saveSharedFile(url: string, name: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The file could not be fetched (${response.status}).`);
  const objectUrl = URL.createObjectURL(await response.blob());
  fileDownloader.start(objectUrl, name);
  // The save has begun by then; the bytes need not stay in memory for the page's life.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
