/** Taking the idea out of the app: onto the clipboard, or into a Markdown file the founder keeps. */

/** Puts the text on the clipboard; rejects where the browser offers no clipboard or refuses (insecure page, denied). */
export async function copyToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available in this browser.');
  await navigator.clipboard.writeText(text);
}

/** 'my-startup-idea.md' from the startup's name; 'startup-idea.md' without one. */
export function ideaFileName(startupName: string | null | undefined): string {
  const slug = (startupName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug ? `${slug}-idea.md` : 'startup-idea.md';
}

/** The exported file: a heading with the startup's name, the idea as the founder saved or selected it, and the date. */
export function ideaMarkdown(idea: string, startupName: string | null | undefined, date: Date = new Date()): string {
  const name = startupName?.trim();
  const day = date.toISOString().slice(0, 10);
  return `# ${name ? `${name}: business idea` : 'Business idea'}\n\n${idea.trim()}\n\n_Exported from Preseed on ${day}._\n`;
}

/** Starts the browser's download of text made here (no server round trip), under the given name. */
export function downloadTextFile(name: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; freeing it later leaves slow browsers time to read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
