/**
 * Share links of the data room (keys.ts: share link, share token, share viewer session, share log).
 * The founder's link item holds everything about a link; the token item only points a viewer's
 * token (by its hash) at it, so revoking is one write to the founder's item and no token is ever stored.
 * When the founder deletes their account the pointer becomes a tombstone (no owner, no link, a TTL), so the
 * share page can say the account was deleted rather than that the link never existed.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FileCategory } from '#shared/domain/data-room';
import type { ShareEventKind, ShareStatus } from '#shared/domain/sharing';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { announce } from './outbox';
import { type Item, prefixPageNewestFirst, prefixQuery, queryAll } from './query';
import { putItem, putNew, transact, updatedIf, updateItem, wroteIf } from './writes';

export type ShareScope =
  | { kind: 'files'; files: { id: string; name: string }[] }
  | { kind: 'category'; category: FileCategory };

export interface ShareLinkRecord {
  ownerSub: string;
  linkId: string;
  label: string;
  scope: ShareScope;
  expiresAt: string | null;
  passcodeHash: string | null;
  requireEmail: boolean;
  /** Viewers see the founder's startup name; older links have no such attribute and do not. */
  showStartupName: boolean;
  /** Viewers may save the files; older links have no such attribute and do. */
  allowDownload: boolean;
  createdAt: string;
  revokedAt: string | null;
  /** The key version its token was derived with (functions/lib/share-link-keys.ts); null: a random token from before. */
  tokenKey: string | null;
  /** The SHA-256 of its token (the pointer's key). */
  tokenHash: string;
  views: number;
  downloads: number;
  lastViewedAt: string | null;
}

export interface ShareEvent {
  at: string;
  kind: ShareEventKind;
  linkId: string;
  linkLabel: string;
  fileId: string | null;
  fileName: string | null;
  viewerEmail: string | null;
}

export interface ViewerSession {
  ownerSub: string;
  linkId: string;
  viewerEmail: string | null;
  expiresAt: string;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

function toLink(item: Item): ShareLinkRecord {
  const files = Array.isArray(item.files) ? (item.files as { id: string; name: string }[]) : [];
  return {
    ownerSub: String(item.ownerSub),
    linkId: String(item.linkId),
    label: String(item.label ?? ''),
    scope:
      item.scopeKind === 'category'
        ? { kind: 'category', category: item.category as FileCategory }
        : { kind: 'files', files: files.map((f) => ({ id: String(f.id), name: String(f.name) })) },
    expiresAt: str(item.linkExpiresAt),
    passcodeHash: str(item.passcodeHash),
    requireEmail: item.requireEmail === true,
    showStartupName: item.showStartupName === true,
    allowDownload: item.allowDownload !== false,
    createdAt: String(item.createdAt),
    revokedAt: str(item.revokedAt),
    tokenKey: str(item.tokenKey),
    tokenHash: String(item.tokenHash ?? ''),
    views: num(item.views),
    downloads: num(item.downloads),
    lastViewedAt: str(item.lastViewedAt),
  };
}

export function shareStatus(link: Pick<ShareLinkRecord, 'revokedAt' | 'expiresAt'>, now: Date): ShareStatus {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && Date.parse(link.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

/** Records the link and its token's pointer together: a link a token cannot reach never exists, nor the reverse. */
export async function createShareLink(link: ShareLinkRecord): Promise<void> {
  // revokedAt is left out, not null: revoking sets it with if_not_exists, which a stored null would defeat.
  const { scope, expiresAt, revokedAt: _notYet, tokenHash, ...rest } = link;
  await transact(
    [
      putNew({
        ...keys.shareLink(link.ownerSub, link.linkId),
        ...rest,
        // `expiresAt` is the table's TTL attribute: a link's own expiry must not delete its item (and its log).
        linkExpiresAt: expiresAt,
        scopeKind: scope.kind,
        ...(scope.kind === 'files' ? { files: scope.files } : { category: scope.category }),
        tokenHash,
      }),
      putNew({ ...keys.shareToken(tokenHash), ownerSub: link.ownerSub, linkId: link.linkId }),
      // No live link for an account deleted while it was being made (store/account-guard.ts).
      profileExists(link.ownerSub),
    ],
    (codes) => {
      if (codes[2] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${link.ownerSub}`);
      return undefined;
    },
  );
}

export async function getShareLink(sub: string, linkId: string): Promise<ShareLinkRecord | null> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.shareLink(sub, linkId), ConsistentRead: true }),
  );
  return out.Item ? toLink(out.Item) : null;
}

/** Every link of the founder, newest first. */
export async function listShareLinks(sub: string): Promise<ShareLinkRecord[]> {
  const items = await queryAll(prefixQuery(keys.profile(sub).PK, keys.shareLinkPrefix));
  return items.map(toLink).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Marks the link revoked (the first time only: a repeat keeps the first time); null when there is no such link. */
export async function revokeShareLink(sub: string, linkId: string, now: string): Promise<ShareLinkRecord | null> {
  const item = await updatedIf({
    Key: keys.shareLink(sub, linkId),
    UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':now': now },
  });
  return item ? toLink(item) : null;
}

/** Turns downloads on or off for the link's viewers; null when there is no such link. */
export async function setAllowDownload(sub: string, linkId: string, allow: boolean): Promise<ShareLinkRecord | null> {
  const item = await updatedIf({
    Key: keys.shareLink(sub, linkId),
    UpdateExpression: 'SET allowDownload = :allow',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':allow': allow },
  });
  return item ? toLink(item) : null;
}

/** How long a deleted account's links still say so (then they read as never issued): the longest link expiry. */
export const SHARE_TOMBSTONE_DAYS = 365;

/** The pointer a deleted account's link leaves behind: the token's hash alone, nothing of the founder. */
export function shareTombstone(tokenHash: string, now: Date): Item {
  return {
    ...keys.shareToken(tokenHash),
    ownerDeleted: true,
    expiresAt: Math.ceil(now.getTime() / 1000) + SHARE_TOMBSTONE_DAYS * 24 * 60 * 60,
  };
}

/**
 * The link a viewer's token (by its hash) belongs to; `ownerDeleted` when its founder deleted their account (a
 * tombstone, or a pointer whose link the deletion is removing right now); null for a token we never issued.
 */
export async function findLinkByTokenHash(tokenHash: string): Promise<ShareLinkRecord | 'ownerDeleted' | null> {
  const pointer = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.shareToken(tokenHash) }));
  if (pointer.Item?.ownerDeleted === true) return 'ownerDeleted';
  const ownerSub = str(pointer.Item?.ownerSub);
  const linkId = str(pointer.Item?.linkId);
  if (!ownerSub || !linkId) return null;
  return (await getShareLink(ownerSub, linkId)) ?? 'ownerDeleted';
}

export async function createViewerSession(sessionHash: string, session: ViewerSession): Promise<void> {
  await putItem({
    Item: {
      ...keys.shareSession(sessionHash),
      ownerSub: session.ownerSub,
      linkId: session.linkId,
      viewerEmail: session.viewerEmail,
      sessionExpiresAt: session.expiresAt,
      // TTL removes it some time after the end; until then the end is checked on every read.
      expiresAt: Math.ceil(Date.parse(session.expiresAt) / 1000) + 60,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
}

/** The session if it exists and has not ended. */
export async function getViewerSession(sessionHash: string, now: Date): Promise<ViewerSession | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.shareSession(sessionHash) }));
  const item = out.Item;
  const expiresAt = str(item?.sessionExpiresAt);
  if (!item || !expiresAt || Date.parse(expiresAt) <= now.getTime()) return null;
  return {
    ownerSub: String(item.ownerSub),
    linkId: String(item.linkId),
    viewerEmail: str(item.viewerEmail),
    expiresAt,
  };
}

/**
 * Logs one event under each list it belongs to (the link's, the file's, the founder's recent) and counts it on
 * the link, in one transaction (a view also announces ShareLinkViewed). A link deleted meanwhile makes it fail rather than leave a log without a link.
 */
export async function recordShareEvent(sub: string, event: ShareEvent): Promise<void> {
  const suffix = `${event.at}#${randomBytes(6).toString('hex')}`;
  const lists = [
    keys.shareLogPrefix({ linkId: event.linkId }),
    keys.shareLogPrefix('all'),
    ...(event.fileId ? [keys.shareLogPrefix({ fileId: event.fileId })] : []),
  ];
  const counter = event.kind === 'view' ? 'views' : 'downloads';
  await transact([
    ...lists.map((prefix) => ({
      Put: { TableName: tableName(), Item: { PK: keys.profile(sub).PK, SK: `${prefix}${suffix}`, ...event } },
    })),
    {
      Update: {
        TableName: tableName(),
        Key: keys.shareLink(sub, event.linkId),
        UpdateExpression: 'ADD #counter :one SET lastViewedAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#counter': counter },
        ExpressionAttributeValues: { ':one': 1, ':at': event.at },
      },
    },
    // A view may email the founder (share-notices): announced with the view it reports.
    ...(event.kind === 'view'
      ? [
          announce('ShareLinkViewed', {
            userId: sub,
            linkId: event.linkId,
            linkLabel: event.linkLabel,
            viewerEmail: event.viewerEmail,
            at: event.at,
          }),
        ]
      : []),
  ]);
}

function toEvent(item: Item): ShareEvent {
  return {
    at: String(item.at),
    kind: item.kind as ShareEventKind,
    linkId: String(item.linkId),
    linkLabel: String(item.linkLabel ?? ''),
    fileId: str(item.fileId),
    fileName: str(item.fileName),
    viewerEmail: str(item.viewerEmail),
  };
}

/** One list's events, newest first, `limit` a page. Throws InvalidCursorError for a cursor of another list. */
export async function listShareEvents(
  sub: string,
  list: { linkId: string } | { fileId: string } | 'all',
  cursor: string | undefined,
  limit = 50,
): Promise<{ events: ShareEvent[]; nextCursor: string | null }> {
  const page = await prefixPageNewestFirst(keys.profile(sub).PK, keys.shareLogPrefix(list), cursor, limit);
  return { events: page.items.map(toEvent), nextCursor: page.nextCursor };
}

/**
 * Claims the right to email the founder about a view of this link: at most once an hour. The claim is the record
 * of the send, written before SES is called: only the attempt that claimed may claim again (the SDK re-sending
 * the request after a lost response); a later attempt of the same event finds it taken and sends nothing, since
 * SES may have accepted the first (store/email-flags.ts holds the progress emails to the same rule).
 */
export async function claimViewNotice(sub: string, linkId: string, attempt: string, now: Date): Promise<boolean> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  return wroteIf(
    updateItem({
      Key: keys.shareLink(sub, linkId),
      UpdateExpression: 'SET notifiedAt = :now, notifiedBy = :attempt REMOVE notifiedMessageId',
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(notifiedAt) OR notifiedAt <= :hourAgo OR notifiedBy = :attempt)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':hourAgo': hourAgo, ':attempt': attempt },
    }),
  );
}

/** Records SES's message id for the notice this attempt sent. */
export async function markViewNoticeSent(sub: string, linkId: string, attempt: string, messageId: string) {
  await wroteIf(
    updateItem({
      Key: keys.shareLink(sub, linkId),
      UpdateExpression: 'SET notifiedMessageId = :message',
      ConditionExpression: 'notifiedBy = :attempt',
      ExpressionAttributeValues: { ':attempt': attempt, ':message': messageId },
    }),
  );
}

/** Gives the hour back when SES refused the email, so the retried delivery sends it. */
export async function releaseViewNotice(sub: string, linkId: string, attempt: string): Promise<void> {
  // Another attempt's claim (or none) is left as it is.
  await wroteIf(
    updateItem({
      Key: keys.shareLink(sub, linkId),
      UpdateExpression: 'REMOVE notifiedAt, notifiedBy',
      ConditionExpression: 'notifiedBy = :attempt',
      ExpressionAttributeValues: { ':attempt': attempt },
    }),
  );
}
