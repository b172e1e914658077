/**
 * Emails a founder that one of their share links was opened: at most once per link per hour (claimed
 * on the link item), given back when sending fails so EventBridge's retry sends it.
 */
import { sendEmail } from '../integrations/email';
import { createConsumer } from '../lib/consumer';
import { shareViewedEmail } from '../lib/emails';
import { env } from '../lib/env';
import { getProfile } from '../store/profiles';
import { claimViewNotice, releaseViewNotice } from '../store/share-links';

export const handler = createConsumer('share-notices', {
  ShareLinkViewed: async (detail, log, { id }) => {
    const profile = await getProfile(detail.userId);
    if (!profile?.email) {
      log.warn('no profile to email', { userId: detail.userId });
      return;
    }
    if (!(await claimViewNotice(detail.userId, detail.linkId, id, new Date()))) {
      log.info('view notice already sent this hour', { linkId: detail.linkId });
      return;
    }
    try {
      await sendEmail({
        to: profile.email,
        ...shareViewedEmail(profile.firstName, detail.linkLabel, detail.viewerEmail, env('siteUrl')),
      });
    } catch (err) {
      await releaseViewNotice(detail.userId, detail.linkId, id);
      throw err;
    }
  },
});
