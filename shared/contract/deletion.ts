/** Deleting one's own account: every answer, file and setting, then the sign-in itself. */
import * as z from 'zod';
import { normaliseEmail } from '../domain/email';
import type { AreaContract } from './schema';

/** The founder types their email to confirm: a deletion cannot come from a stray click or a replayed form. */
export const deleteAccountBody = z.strictObject({
  email: z
    .string({ error: () => 'Type your email address to confirm.' })
    .trim()
    .min(1, { error: 'Type your email address to confirm.' })
    .max(254, { error: 'Email must be at most 254 characters.' })
    .transform(normaliseEmail),
});

export const deleteAccountResponse = z.object({
  deleted: z.literal(true),
  /** Items, files and the sign-in removed by this call (0s when a retry found them gone). */
  removed: z.object({ items: z.number(), files: z.number(), user: z.boolean() }),
});

export const deletionContract = {
  'deletion.deleteAccount': { body: deleteAccountBody, response: deleteAccountResponse },
} as const satisfies AreaContract<'deletion'>;
