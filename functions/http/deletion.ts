/**
 * Deletion area: a founder deletes their own account — every table item (counters kept exact), every version
 * of every data-room object, then the Cognito user — and gets an email saying so. Its own function so that the
 * only code allowed AdminDeleteUser is this route, which takes the username from the verified token.
 */
import { deletionContract } from '#shared/contract/deletion';
import { normaliseEmail } from '#shared/domain/email';
import { deleteUser, getUser } from '../integrations/cognito-users';
import { sendEmail } from '../integrations/email';
import { purgePrefix } from '../integrations/s3';
import { accountDeletedEmail } from '../lib/emails';
import { env } from '../lib/env';
import { BadRequestError, ForbiddenError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { deleteAccountRateWindows, deleteFounderData } from '../store/account-deletion';
import { DOWNLOAD_AUDIT_RETENTION_DAYS } from '../store/audit';
import { UPLOAD_STAGING_PREFIX } from '../store/file-keys';
import { getProfile } from '../store/profiles';

const NOT_YOUR_EMAIL = 'That is not the email of this account. Type the email you sign in with to confirm.';

export const deletionRoutes: AreaRoutes<'deletion'> = {
  'deletion.deleteAccount': defineRoute('deletion.deleteAccount', {
    handle: async ({ body, principal, log }) => {
      if (principal.isAdmin) {
        throw new ForbiddenError('Coach accounts are removed by an operator, not from the app.');
      }
      // The profile's email; after a deletion that failed half-way (profile gone, sign-in left), Cognito's.
      const profile = await getProfile(principal.sub);
      const poolUser = profile ? null : await getUser(principal.username);
      const email = profile?.email ?? poolUser?.email ?? null;
      // A repeat after a finished deletion (the token lives on for minutes) has nothing left to confirm against.
      const nothingLeft = !profile && !poolUser;
      if (!nothingLeft && (!email || normaliseEmail(email) !== body.email)) {
        throw new BadRequestError(NOT_YOUR_EMAIL, [{ field: 'email', message: NOT_YOUR_EMAIL }]);
      }
      const removed = await deleteFounderData(principal.sub, new Date().toISOString());
      // After the profile: from then on no AI window of the account can be counted again (ai-generations.ts).
      await deleteAccountRateWindows(
        principal.sub,
        [email, removed.email].filter((e): e is string => typeof e === 'string'),
        removed.linkIds,
      );
      // By prefix, after the table: every version of the founder's files and of uploads never confirmed, whether
      // or not a record names them (a confirm refused by the deletion leaves its object behind).
      const objects =
        (await purgePrefix(`${principal.sub}/`)) + (await purgePrefix(`${UPLOAD_STAGING_PREFIX}${principal.sub}/`));
      // Sent by the call that deleted the profile, or by a retry that found it gone and the sign-in left (Cognito's
      // address) — not by each of several racing calls.
      const to = removed.email ?? poolUser?.email ?? null;
      if (to) {
        try {
          const goodbye = accountDeletedEmail(removed.firstName ?? '', env('siteUrl'), DOWNLOAD_AUDIT_RETENTION_DAYS);
          await sendEmail({ to, ...goodbye });
        } catch (err) {
          // The deletion stands; the email is a courtesy, and the data it would describe is gone.
          log.error('account deletion email failed', { err });
        }
      }
      const user = await deleteUser(principal.username);
      log.info('account deleted', { items: removed.items, files: removed.files, objects, user });
      return { body: { deleted: true, removed: { items: removed.items, files: removed.files, user } } };
    },
  }),
};

export const handler = createAreaHandler('deletion', deletionRoutes, deletionContract);
