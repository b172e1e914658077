/**
 * The offline stack's small JSON files (the stream position, the bus's waiting and parked deliveries): each written
 * whole or not at all, and read back a folder at a time.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What marks a temporary file: a leading dot and this ending (a write under way, or cut short by a crash). */
export const TEMPORARY_SUFFIX = '.tmp';

/**
 * Writes to a temporary name beside the file and renames it over the file, so a crash leaves the old content or
 * the new. The process id in the temporary name says whose it is, for a reader that tidies up a dead process's.
 */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${randomUUID()}${TEMPORARY_SUFFIX}`);
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temporary, file);
}

/**
 * Every `*<suffix>` file of a folder (temporary files left out), parsed and checked, in name order: the ones that
 * pass, and the names of those that are not JSON or fail the check. A missing folder holds nothing; a file gone
 * between the listing and its read (handled meanwhile) is skipped.
 */
export async function readJsonFolder<T>(
  dir: string,
  suffix: string,
  isValid: (value: unknown) => value is T,
): Promise<{ names: string[]; items: { file: string; value: T }[]; unreadable: string[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { names: [], items: [], unreadable: [] };
    throw err;
  }
  const items: { file: string; value: T }[] = [];
  const unreadable: string[] = [];
  for (const file of names.filter((n) => n.endsWith(suffix) && !n.startsWith('.')).sort()) {
    try {
      const parsed: unknown = JSON.parse(await readFile(join(dir, file), 'utf8'));
      if (isValid(parsed)) items.push({ file, value: parsed });
      else unreadable.push(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      unreadable.push(file);
    }
  }
  return { names, items, unreadable };
}
