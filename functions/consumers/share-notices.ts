/**
 * Emails a founder that one of their share links was opened: at most once per link per hour (claimed on the link
 * item before the send, SES's message id recorded after), given back when SES refuses so EventBridge's retry
 * sends it; a retry after SES accepted finds the claim and sends nothing more.
 */
import { randomUUID } from 'node:crypto';
import { sendEmail } from '../integrations/email';
import { createConsumer } from '../lib/consumer';
import { shareViewedEmail } from '../lib/emails';
import { env } from '../lib/env';
import { getProfile } from '../store/profiles';
import { claimViewNotice, markViewNoticeSent, releaseViewNotice } from '../store/share-links';

export const handler = createConsumer('share-notices', {
  ShareLinkViewed: async (detail, log, { announcementId }) => {
    const profile = await getProfile(detail.userId);
    if (!profile?.email) {
      log.warn('no profile to email', { userId: detail.userId });
      return;
    }
    const attempt = `${announcementId}#${randomUUID()}`;
    if (!(await claimViewNotice(detail.userId, detail.linkId, attempt, new Date()))) {
      log.info('view notice already sent this hour', { linkId: detail.linkId });
      return;
    }
    let messageId: string;
    try {
      messageId = await sendEmail({
        to: profile.email,
        ...shareViewedEmail(profile.firstName, detail.linkLabel, detail.viewerEmail, env('siteUrl')),
      });
    } catch (err) {
      await releaseViewNotice(detail.userId, detail.linkId, attempt);
      throw err;
    }
    await markViewNoticeSent(detail.userId, detail.linkId, attempt, messageId);
  },
});
