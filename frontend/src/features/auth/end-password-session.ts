/**
 * After a coach sets up an authenticator app, the session they set it up in began with the password alone.
 * The API ends every such session at the first coach request that sees the new app (functions/lib/admin-mfa.ts),
 * so that only a sign-in that gave the app's code counts. Making that request here, before the coach signs in
 * again, keeps it from landing on — and ending — the new sign-in instead.
 */
import { apiFetch } from '../../lib/api';

export async function endPasswordOnlySession(): Promise<void> {
  try {
    // Any admin route would do; the answer is the expected 401 "log in again with a code", or 200 on a stage
    // that does not require the app.
    await apiFetch('review.stats');
  } catch (err) {
    // Refused or unreachable, the coach signs in again all the same; the API then ends the old session itself.
    console.info('Ending the password-only session', err);
  }
}
