/** The words of coach feedback on the founder's pages. */

import { RATING_MAX } from '#shared/domain/feedback';
import { plural } from '#shared/plural';

export const FEEDBACK_TEXT = {
  threadLabel: 'Feedback from your coach',
  coach: 'Coach',
  you: 'You',
  rated: (rating: number) => `Rated ${rating} of ${RATING_MAX}`,
  resolved: 'Resolved',
  replyLabel: 'Reply to your coach',
  send: 'Send reply',
  resolve: 'Mark resolved',
  reopen: 'Reopen',
  replyFailed: 'Your reply could not be sent.',
  resolveFailed: 'The conversation could not be updated.',
  blankReply: 'Write a reply first.',
  bannerTitle: 'Your coach asked for changes',
  bannerAction: 'Edit the highlighted answers and save them: your answers then go back to your coach for review.',
  summaryTitle: "Your coach's summary",
  openComments: (n: number) => `${plural(n, 'open comment')} from your coach`,
} as const;
