/**
 * Sharing area: a founder shares chosen data-room files, or a whole category, through an
 * unguessable link with an optional expiry, passcode and viewer email; viewers without an account open
 * it, list exactly those files and fetch them through one-minute presigned URLs, and every view and
 * download is logged for the founder.
 *
 * A viewer never names a founder: the token (by its SHA-256) finds the link, the link's own record
 * says whose files and which, and each request reads the link again so a revocation or expiry takes
 * effect at once. Files are re-checked against the link on every download.
 *
 * A link's token is derived from its id with the stage's key (functions/lib/share-link-keys.ts), so its owner can
 * copy it again (`sharing.linkAddress`); links made before that have random tokens and cannot be.
 */

import { sharingContract } from '#shared/contract/sharing';
import { FILE_CATEGORIES, type FileCategory } from '#shared/domain/data-room';
import { SHARE_LIMITS, sharePagePath } from '#shared/domain/sharing';
import { presignDownload, presignInlineRead } from '../integrations/s3';
import { BadRequestError, ConflictError, HttpError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { countEvent } from '../lib/metrics';
import { linkTokenOf, mintLinkToken, sameHash } from '../lib/share-link-keys';
import { hashPasscode, newLinkId, newSecretToken, secretHash, verifyPasscode } from '../lib/share-secrets';
import { batchGetAll } from '../store/batch-get';
import { tableName } from '../store/client';
import { type FileRecord, listFiles, toRecord } from '../store/files';
import { keys } from '../store/keys';
import { getProfile } from '../store/profiles';
import { ACCOUNT_RATE_NAMES, hitRateLimit, releaseRateLimitHit } from '../store/rate-limits';
import {
  createShareLink,
  createViewerSession,
  findLinkByTokenHash,
  getShareLink,
  listShareEvents,
  listShareLinks,
  recordShareEvent,
  revokeShareLink,
  type ShareLinkRecord,
  setAllowDownload,
  shareStatus,
} from '../store/share-links';
import { shareReadingRoutes } from './share-reading';
import { limitClient, limitLink, NO_SUCH_LINK, nowSeconds, ShareGoneError, sessionFile } from './share-viewer-access';

const DAY_MS = 24 * 60 * 60 * 1000;

const NOT_COPYABLE =
  'This link was created before links could be copied again, so its address cannot be shown. Make a new link (and turn this one off if you like).';

function linkView(link: ShareLinkRecord, now: Date) {
  return {
    id: link.linkId,
    label: link.label,
    scope: link.scope,
    expiresAt: link.expiresAt,
    hasPasscode: link.passcodeHash !== null,
    requireEmail: link.requireEmail,
    showStartupName: link.showStartupName,
    allowDownload: link.allowDownload,
    createdAt: link.createdAt,
    revokedAt: link.revokedAt,
    status: shareStatus(link, now),
    copyable: link.tokenKey !== null,
    views: link.views,
    downloads: link.downloads,
    lastViewedAt: link.lastViewedAt,
  };
}

const sharedFileView = (file: FileRecord) => ({
  id: file.id,
  name: file.name,
  category: file.category,
  size: file.size,
  contentType: file.contentType,
});

/** A whole category's files, whatever page they are on (a founder keeps at most 200). */
async function filesOfCategory(sub: string, category: FileCategory): Promise<FileRecord[]> {
  const found: FileRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listFiles(sub, cursor, 100);
    found.push(...page.files.filter((file) => file.category === category));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

/** The founder's files of these ids that still exist, in the order given. */
async function filesByIds(sub: string, ids: readonly string[]): Promise<FileRecord[]> {
  if (ids.length === 0) return [];
  const items = await batchGetAll(
    tableName(),
    ids.map((id) => keys.file(sub, id)),
  );
  const byId = new Map(items.map((item) => [String(item.fileId), toRecord(item)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What the link shows right now: deleted files simply drop out. */
async function sharedFiles(link: ShareLinkRecord): Promise<FileRecord[]> {
  if (link.scope.kind === 'category') return filesOfCategory(link.ownerSub, link.scope.category);
  return filesByIds(
    link.ownerSub,
    link.scope.files.map((f) => f.id),
  );
}

/**
 * The active link of a token: 404 for a token we never issued, 410 for a revoked or expired one or one whose owner
 * deleted their account.
 */
async function activeLinkOf(token: string, now: Date): Promise<ShareLinkRecord> {
  const tokenHash = secretHash(token);
  const link = await findLinkByTokenHash(tokenHash);
  if (link === 'ownerDeleted') throw new ShareGoneError('ownerDeleted');
  // The pointer and the link must agree on the token (compared in constant time): a stray pointer opens nothing.
  if (!link || !sameHash(link.tokenHash, tokenHash)) throw new NotFoundError(NO_SUCH_LINK);
  await limitLink(link.linkId);
  const status = shareStatus(link, now);
  if (status !== 'active') throw new ShareGoneError(status);
  return link;
}

/** The startup name a viewer may see: only where the founder chose to show it on this link (a profile read else spared). */
async function shownStartupName(link: ShareLinkRecord): Promise<string | null> {
  if (!link.showStartupName) return null;
  return (await getProfile(link.ownerSub))?.startupName || null;
}

/**
 * Wrong passcodes are limited per link (whoever guesses) and per client address (whichever link). Every attempt
 * takes a place in both limits before the passcode is compared, so a parallel burst compares at most the limit;
 * a right passcode gives its places back, so a link's real viewers are not locked out by each other.
 */
async function checkPasscode(link: ShareLinkRecord, given: string | undefined, client: string): Promise<void> {
  if (!link.passcodeHash) return;
  if (!given) {
    throw new BadRequestError('Please enter the passcode you were given with this link.', [
      { field: 'passcode', message: 'Please enter the passcode.' },
    ]);
  }
  const now = nowSeconds();
  const limits = [
    {
      name: ACCOUNT_RATE_NAMES.sharePasscodeLink(link.linkId),
      max: SHARE_LIMITS.wrongPasscodesPerLink,
      window: SHARE_LIMITS.passcodeLinkWindowSeconds,
    },
    {
      name: `share-passcode-client:${client}`,
      max: SHARE_LIMITS.wrongPasscodesPerClient,
      window: SHARE_LIMITS.passcodeClientWindowSeconds,
    },
  ];
  const taken: string[] = [];
  const giveBack = () => Promise.all(taken.map((name) => releaseRateLimitHit(name, now)));
  for (const l of limits) {
    const verdict = await hitRateLimit(l.name, l.max, l.window, now);
    if (!verdict.allowed) {
      await giveBack();
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      throw new TooManyRequestsError(
        `Too many wrong passcodes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        verdict.retryAfterSeconds,
      );
    }
    taken.push(l.name);
  }
  if (await verifyPasscode(given, link.passcodeHash)) {
    await giveBack();
    return;
  }
  throw new HttpError(403, 'WrongPasscode', 'That passcode is not right. Please check it and try again.', [
    { field: 'passcode', message: 'Wrong passcode.' },
  ]);
}

function defaultLabel(scope: ShareLinkRecord['scope']): string {
  if (scope.kind === 'category') return `All ${scope.category.replace(/-/g, ' ')} files`;
  const [first] = scope.files;
  const rest = scope.files.length - 1;
  return rest > 0 ? `${first?.name} and ${rest} more` : (first?.name ?? 'Shared files');
}

function checkExpiry(expiresAt: string | undefined, now: Date): string | null {
  if (expiresAt === undefined) return null;
  const at = Date.parse(expiresAt);
  if (at <= now.getTime()) {
    throw new BadRequestError('The expiry must be in the future.', [{ field: 'expiresAt', message: 'In the past.' }]);
  }
  if (at > now.getTime() + SHARE_LIMITS.maxExpiryDays * DAY_MS) {
    const message = `The expiry can be at most ${SHARE_LIMITS.maxExpiryDays} days from now.`;
    throw new BadRequestError(message, [{ field: 'expiresAt', message }]);
  }
  return new Date(at).toISOString();
}

export const sharingRoutes: AreaRoutes<'sharing'> = {
  'sharing.list': defineRoute('sharing.list', {
    handle: async ({ principal }) => {
      const now = new Date();
      const links = await listShareLinks(principal.sub);
      return { body: { links: links.map((link) => linkView(link, now)) } };
    },
  }),

  'sharing.create': defineRoute('sharing.create', {
    handle: async ({ principal, body }) => {
      const now = new Date();
      const expiresAt = checkExpiry(body.expiresAt, now);
      let scope: ShareLinkRecord['scope'];
      if (body.fileIds) {
        const ids = [...new Set(body.fileIds)];
        const found = await filesByIds(principal.sub, ids);
        const missing = ids.filter((id) => !found.some((file) => file.id === id));
        if (missing.length > 0) {
          const message = `${missing.length === 1 ? 'A chosen file is' : `${missing.length} chosen files are`} not in your data room (deleted meanwhile?). Please choose again.`;
          throw new BadRequestError(message, [{ field: 'fileIds', message }]);
        }
        scope = { kind: 'files', files: found.map((file) => ({ id: file.id, name: file.name })) };
      } else {
        scope = { kind: 'category', category: body.category ?? FILE_CATEGORIES[0] };
      }
      const linkId = newLinkId();
      const { token, keyVersion } = await mintLinkToken(linkId);
      const link: ShareLinkRecord = {
        ownerSub: principal.sub,
        linkId,
        label: body.label || defaultLabel(scope),
        scope,
        expiresAt,
        passcodeHash: body.passcode ? await hashPasscode(body.passcode) : null,
        requireEmail: body.requireEmail === true,
        showStartupName: body.showStartupName === true,
        allowDownload: body.allowDownload !== false,
        createdAt: now.toISOString(),
        revokedAt: null,
        tokenKey: keyVersion,
        tokenHash: secretHash(token),
        views: 0,
        downloads: 0,
        lastViewedAt: null,
      };
      await createShareLink(link);
      return { statusCode: 201, body: { link: linkView(link, now), token, path: sharePagePath(token) } };
    },
  }),

  'sharing.linkAddress': defineRoute('sharing.linkAddress', {
    handle: async ({ principal, params }) => {
      // Only the owner's own record of this id is read: another founder's link id finds nothing here.
      const link = await getShareLink(principal.sub, params.linkId);
      if (!link) throw new NotFoundError('No such share link.');
      const status = shareStatus(link, new Date());
      if (status !== 'active') {
        throw new ConflictError(
          `This link is ${status === 'expired' ? 'expired' : 'turned off'}: nobody can open it, so there is nothing to copy. Make a new link.`,
        );
      }
      const token = link.tokenKey === null ? null : await linkTokenOf(link.linkId, link.tokenKey);
      // A removed key version, or a key changed under the same version, must not hand out an address that opens nothing.
      if (token === null || !sameHash(secretHash(token), link.tokenHash)) throw new ConflictError(NOT_COPYABLE);
      return { body: { token, path: sharePagePath(token) } };
    },
  }),

  'sharing.revoke': defineRoute('sharing.revoke', {
    handle: async ({ principal, params }) => {
      const link = await revokeShareLink(principal.sub, params.linkId, new Date().toISOString());
      if (!link) throw new NotFoundError('No such share link.');
      return {};
    },
  }),

  'sharing.update': defineRoute('sharing.update', {
    handle: async ({ principal, params, body }) => {
      const link = await setAllowDownload(principal.sub, params.linkId, body.allowDownload);
      if (!link) throw new NotFoundError('No such share link.');
      return { body: { link: linkView(link, new Date()) } };
    },
  }),

  'sharing.linkViews': defineRoute('sharing.linkViews', {
    handle: async ({ principal, params, query }) => {
      const link = await getShareLink(principal.sub, params.linkId);
      if (!link) throw new NotFoundError('No such share link.');
      const page = await listShareEvents(principal.sub, { linkId: link.linkId }, query.cursor);
      return { body: page };
    },
  }),

  'sharing.recentViews': defineRoute('sharing.recentViews', {
    handle: async ({ principal, query }) => {
      const list = query.fileId ? { fileId: query.fileId } : 'all';
      const page = await listShareEvents(principal.sub, list, query.cursor);
      return { body: page };
    },
  }),

  'sharing.viewerInfo': defineRoute('sharing.viewerInfo', {
    handle: async ({ body, event }) => {
      await limitClient(event);
      const link = await activeLinkOf(body.token, new Date());
      const startupName = await shownStartupName(link);
      // The label is the founder's own and never reaches a viewer; behind a passcode, nothing about the link does.
      if (link.passcodeHash !== null) {
        return { body: { needsPasscode: true, needsEmail: link.requireEmail, startupName } };
      }
      return { body: { needsPasscode: false, needsEmail: link.requireEmail, startupName, expiresAt: link.expiresAt } };
    },
  }),

  'sharing.viewerOpen': defineRoute('sharing.viewerOpen', {
    handle: async ({ body, event }) => {
      const client = await limitClient(event);
      const now = new Date();
      const link = await activeLinkOf(body.token, now);
      if (link.requireEmail && !body.email) {
        throw new BadRequestError('Please enter your email address to see these files.', [
          { field: 'email', message: 'Please enter your email address.' },
        ]);
      }
      await checkPasscode(link, body.passcode, client);
      const viewerEmail = link.requireEmail ? (body.email ?? null) : null;
      const files = await sharedFiles(link);

      const session = newSecretToken();
      const sessionEnd = now.getTime() + SHARE_LIMITS.sessionMinutes * 60 * 1000;
      // A session never outlives its link.
      const sessionExpiresAt = new Date(
        link.expiresAt ? Math.min(sessionEnd, Date.parse(link.expiresAt)) : sessionEnd,
      ).toISOString();
      await createViewerSession(secretHash(session), {
        ownerSub: link.ownerSub,
        linkId: link.linkId,
        viewerEmail,
        expiresAt: sessionExpiresAt,
      });
      const at = now.toISOString();
      await recordShareEvent(link.ownerSub, {
        at,
        kind: 'view',
        linkId: link.linkId,
        linkLabel: link.label,
        fileId: null,
        fileName: null,
        viewerEmail,
      });
      countEvent('shareViews');
      return {
        body: {
          session,
          sessionExpiresAt,
          startupName: await shownStartupName(link),
          expiresAt: link.expiresAt,
          allowDownload: link.allowDownload,
          files: files.map(sharedFileView),
        },
      };
    },
  }),

  'sharing.viewerDownload': defineRoute('sharing.viewerDownload', {
    handle: async ({ body, event }) => {
      await limitClient(event);
      const now = new Date();
      const { session, link, file } = await sessionFile(body.session, body.fileId, now);
      const disposition = body.disposition ?? 'attachment';
      // Inline bytes feed the page's own viewer; a saved copy only where the founder allows it.
      if (disposition === 'attachment' && !link.allowDownload) {
        throw new HttpError(
          403,
          'DownloadsOff',
          'The sender allows viewing these files here but not downloading them. Open the file to read it on this page.',
        );
      }
      // Inline: an address of the site's own origin that answers sandboxed (functions/integrations/s3.ts).
      const url =
        disposition === 'inline'
          ? await presignInlineRead(file.key, file.name)
          : await presignDownload(file.key, file.name);
      await recordShareEvent(link.ownerSub, {
        at: now.toISOString(),
        kind: disposition === 'inline' ? 'open' : 'download',
        linkId: link.linkId,
        linkLabel: link.label,
        fileId: file.id,
        fileName: file.name,
        viewerEmail: session.viewerEmail,
      });
      return { body: { url, name: file.name } };
    },
  }),
  ...shareReadingRoutes,
};

export const handler = createAreaHandler('sharing', sharingRoutes, sharingContract);
