/**
 * What every public share-link route checks before it acts, in one place: the limits per client address, per
 * link and per viewer session, and what a viewer session reaches (its active link and the files that link
 * covers). The sharing area (sharing.ts) and its reading routes (share-reading.ts) both use them.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SHARE_GONE_ERRORS, SHARE_LIMITS } from '#shared/domain/sharing';
import { HttpError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { clientAddress } from '../lib/http';
import { secretHash } from '../lib/share-secrets';
import { type FileRecord, getFile } from '../store/files';
import { ACCOUNT_RATE_NAMES, hitRateLimit } from '../store/rate-limits';
import {
  getShareLink,
  getViewerSession,
  type ShareLinkRecord,
  shareStatus,
  type ViewerSession,
} from '../store/share-links';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const NO_SUCH_LINK =
  'This share link does not exist. Check that you opened the whole link you were sent, or ask its sender for a new one.';
const NO_SUCH_SHARED_FILE = 'This file is not part of this share.';
const TOO_MANY_REQUESTS = 'Too many requests for this link. Please wait a minute and try again.';

/** Why a link that existed no longer opens anything: its code (the share page words each) and what to say. */
const GONE = {
  expired: {
    code: SHARE_GONE_ERRORS.expired,
    message: 'This share link has expired. Ask the person who sent it for a new link.',
  },
  revoked: {
    code: SHARE_GONE_ERRORS.revoked,
    message: 'This share link has been turned off by its owner. Ask the person who sent it for a new link.',
  },
  ownerDeleted: {
    code: SHARE_GONE_ERRORS.ownerDeleted,
    message:
      'The person who shared these files has deleted their account, and the files with it. Contact them directly if you still need them.',
  },
} as const;

/** 410 for a link that existed but no longer opens anything, with words a viewer can act on. */
export class ShareGoneError extends HttpError {
  constructor(status: keyof typeof GONE) {
    super(410, GONE[status].code, GONE[status].message, { status });
  }
}

export async function limit(name: string, max: number, windowSeconds: number, message = TOO_MANY_REQUESTS) {
  const verdict = await hitRateLimit(name, max, windowSeconds, nowSeconds());
  if (!verdict.allowed) throw new TooManyRequestsError(message, verdict.retryAfterSeconds);
}

/** Every viewer request counts against its client address first, so guessing tokens costs the guesser. */
export async function limitClient(event: APIGatewayProxyEventV2): Promise<string> {
  const client = clientAddress(event);
  await limit(`share-client:${client}`, SHARE_LIMITS.requestsPerClientPerMinute, 60);
  return client;
}

export async function limitLink(linkId: string): Promise<void> {
  await limit(ACCOUNT_RATE_NAMES.shareLink(linkId), SHARE_LIMITS.requestsPerLinkPerMinute, 60);
}

export interface SessionFile {
  session: ViewerSession;
  sessionHash: string;
  link: ShareLinkRecord;
  file: FileRecord;
}

/**
 * The viewer session's link (active) and the file of this id it covers: only the link's owner's record of this
 * id, and only if the link covers it, so no other file is reachable. `limitLinkToo` false spares the link's
 * shared limit (the reading beacons have their own per session, so a link's readers never starve its opens).
 */
export async function sessionFile(
  sessionToken: string,
  fileId: string,
  now: Date,
  limitLinkToo = true,
): Promise<SessionFile> {
  const sessionHash = secretHash(sessionToken);
  const session = await getViewerSession(sessionHash, now);
  // 410, not 401: nobody signs in here; the viewer opens the link again (and the page says so).
  if (!session) {
    throw new HttpError(410, 'ShareSessionEnded', 'Your viewing session has ended. Please open the link again.');
  }
  const link = await getShareLink(session.ownerSub, session.linkId);
  // Links go only with their account: a session whose link is gone outlived its founder's deletion.
  if (!link) throw new ShareGoneError('ownerDeleted');
  if (limitLinkToo) await limitLink(link.linkId);
  const status = shareStatus(link, now);
  if (status !== 'active') throw new ShareGoneError(status);

  const file = await getFile(link.ownerSub, fileId);
  const covered =
    file !== null &&
    (link.scope.kind === 'category'
      ? file.category === link.scope.category
      : link.scope.files.some((shared) => shared.id === file.id));
  if (!file || !covered) throw new NotFoundError(NO_SUCH_SHARED_FILE);
  return { session, sessionHash, link, file };
}
