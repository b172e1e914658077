/**
 * Share links of the data room: the founder's routes (create, list, revoke, view logs) and the
 * viewer's public routes, which take the link token (and a passcode or email when the link asks)
 * or the short-lived viewer session the token opened — never a user id.
 */
import * as z from 'zod';
import { FILE_CATEGORIES } from '../domain/data-room';
import { SHARE_READING_LIMITS } from '../domain/share-reading';
import { SHARE_EVENT_KINDS, SHARE_LIMITS, SHARE_STATUSES } from '../domain/sharing';
import { nextCursor } from './fields';
import { type AreaContract, noContent, oneOf } from './schema';

const category = oneOf('Category', FILE_CATEGORIES);
const fileId = z.string().regex(/^\d{13}-[\w-]{10}$/, { error: 'No such file.' });
const linkParams = z.object({ linkId: z.string().regex(/^[\w-]{16}$/, { error: 'No such share link.' }) });
/** 32 random bytes, base64url: what the link carries. Anything else cannot be one of ours. */
const token = z
  .string({ error: () => 'The link is incomplete: please open the full link you were sent.' })
  .regex(/^[\w-]{43}$/, { error: 'The link is incomplete: please open the full link you were sent.' });
const session = z
  .string({ error: () => 'Your viewing session has ended: please open the link again.' })
  .regex(/^[\w-]{43}$/, { error: 'Your viewing session has ended: please open the link again.' });
const cursorQuery = z.string().max(2000).optional();

export const sharedFileView = z.object({
  id: z.string(),
  name: z.string(),
  category,
  size: z.number(),
  contentType: z.string(),
});

export const shareLinkView = z.object({
  id: z.string(),
  /** The founder's own name for the link: never shown to its viewers. */
  label: z.string(),
  /** The files chosen one by one (names as they were when shared), or a whole category (its files when viewed). */
  scope: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('files'), files: z.array(z.object({ id: z.string(), name: z.string() })) }),
    z.object({ kind: z.literal('category'), category }),
  ]),
  expiresAt: z.string().nullable(),
  hasPasscode: z.boolean(),
  requireEmail: z.boolean(),
  /** Whether viewers see the founder's startup name (before the passcode too); otherwise a neutral heading. */
  showStartupName: z.boolean(),
  /** Whether viewers may save the files; off, the share page only shows them and the API refuses a download. */
  allowDownload: z.boolean(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
  /** Whether its address can be copied again (`sharing.linkAddress`); false for links made before that existed. */
  copyable: z.boolean(),
  views: z.number(),
  downloads: z.number(),
  lastViewedAt: z.string().nullable(),
});

export const shareEventView = z.object({
  at: z.string(),
  kind: z.enum(SHARE_EVENT_KINDS),
  linkId: z.string(),
  linkLabel: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  viewerEmail: z.string().nullable(),
});
const eventsResponse = z.object({ events: z.array(shareEventView), nextCursor });

const passcode = z
  .string({ error: () => 'The passcode must be text.' })
  .min(SHARE_LIMITS.passcodeMinLength, {
    error: `The passcode must be at least ${SHARE_LIMITS.passcodeMinLength} characters.`,
  })
  .max(SHARE_LIMITS.passcodeMaxLength, {
    error: `The passcode must be at most ${SHARE_LIMITS.passcodeMaxLength} characters.`,
  });

export const createShareBody = z
  .strictObject({
    label: z
      .string({ error: () => 'The label must be text.' })
      .trim()
      .max(SHARE_LIMITS.labelMaxLength, {
        error: `The label must be at most ${SHARE_LIMITS.labelMaxLength} characters.`,
      })
      .optional(),
    fileIds: z
      .array(fileId, { error: () => 'fileIds must be a list of file ids.' })
      .min(1, { error: 'Choose at least one file to share.' })
      .max(SHARE_LIMITS.maxFiles, { error: `A link can share at most ${SHARE_LIMITS.maxFiles} files.` })
      .optional(),
    category: category.optional(),
    /** When the link stops working; none: until revoked. */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'expiresAt must be a date and time such as 2030-01-31T18:00:00Z.' })
      .optional(),
    passcode: passcode.optional(),
    requireEmail: z.boolean({ error: () => 'requireEmail must be true or false.' }).optional(),
    /** Off unless asked for: viewers then see no name at all. */
    showStartupName: z.boolean({ error: () => 'showStartupName must be true or false.' }).optional(),
    /** On unless turned off. */
    allowDownload: z.boolean({ error: () => 'allowDownload must be true or false.' }).optional(),
  })
  .refine((body) => (body.fileIds === undefined) !== (body.category === undefined), {
    error: 'Share either chosen files (fileIds) or a whole category, not both and not neither.',
    path: ['fileIds'],
  });

export const createShareResponse = z.object({
  link: shareLinkView,
  /** Derived from the link's id with the stage's key (only its hash is stored): `sharing.linkAddress` gives it again. */
  token: z.string(),
  /** The viewer page's address relative to the site, the token after `#` (`/share#<token>`). */
  path: z.string(),
});

const viewerEmail = z
  .string({ error: () => 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'The email address is too long.' })
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

/** Whose data room it is: the founder's startup name when they gave one and chose to show it on this link. */
const shownStartupName = z.string().nullable();

/**
 * What a viewer learns before opening the link: never its label (the founder's own). Behind a passcode, only
 * that one is needed (and whether an email is asked, and the startup name if shown); the rest after it. Strict, so
 * the response checks of the tests refuse any field added here without a look at who reads it.
 */
export const viewerInfoResponse = z.discriminatedUnion('needsPasscode', [
  z.strictObject({ needsPasscode: z.literal(true), needsEmail: z.boolean(), startupName: shownStartupName }),
  z.strictObject({
    needsPasscode: z.literal(false),
    needsEmail: z.boolean(),
    startupName: shownStartupName,
    expiresAt: z.string().nullable(),
  }),
]);

export const viewerOpenResponse = z.strictObject({
  /** Sent back with each download instead of the passcode; valid until `sessionExpiresAt`. */
  session: z.string(),
  sessionExpiresAt: z.string(),
  startupName: shownStartupName,
  expiresAt: z.string().nullable(),
  /** False: the files are shown in the page only (no Download; the API refuses one). */
  allowDownload: z.boolean(),
  files: z.array(sharedFileView),
});

export const viewerDownloadResponse = z.object({ url: z.string(), name: z.string() });

/** A viewer's batch of reading time for one file (functions/store/share-reading.ts checks it against the clock). */
export const readingBeaconBody = z.strictObject({
  session,
  fileId,
  seq: z
    .number({ error: () => 'seq must be a number.' })
    .int({ error: 'seq must be a whole number.' })
    .positive({ error: 'seq must be positive.' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'seq is too large.' }),
  pageCount: z
    .number({ error: () => 'pageCount must be a number.' })
    .int({ error: 'pageCount must be a whole number.' })
    .min(1, { error: 'pageCount must be at least 1.' })
    .max(SHARE_READING_LIMITS.maxPages, { error: `pageCount must be at most ${SHARE_READING_LIMITS.maxPages}.` }),
  pages: z
    .array(
      z.strictObject({
        page: z
          .number({ error: () => 'page must be a number.' })
          .int({ error: 'page must be a whole number.' })
          .min(1, { error: 'page must be at least 1.' })
          .max(SHARE_READING_LIMITS.maxPages, { error: `page must be at most ${SHARE_READING_LIMITS.maxPages}.` }),
        seconds: z
          .number({ error: () => 'seconds must be a number.' })
          .min(0, { error: 'seconds cannot be negative.' })
          .max(SHARE_READING_LIMITS.beaconEverySeconds + SHARE_READING_LIMITS.slackSeconds, {
            error: `seconds must be at most ${SHARE_READING_LIMITS.beaconEverySeconds + SHARE_READING_LIMITS.slackSeconds}.`,
          }),
      }),
      { error: () => 'pages must be a list of { page, seconds }.' },
    )
    .min(1, { error: 'pages must name at least one page.' })
    .max(SHARE_READING_LIMITS.maxPagesPerBeacon, {
      error: `pages may name at most ${SHARE_READING_LIMITS.maxPagesPerBeacon} pages.`,
    }),
});

/** One shared file's reading on one link: totals, each page's seconds and readers, and the latest viewers. */
export const fileReadingView = z.object({
  fileId: z.string(),
  fileName: z.string(),
  pageCount: z.number(),
  /** Viewer sessions that opened the file in the viewer. */
  sessions: z.number(),
  totalSeconds: z.number(),
  pages: z.array(z.object({ page: z.number(), seconds: z.number(), readers: z.number() })),
  /** The latest sessions first (at most SHARE_READING_VIEWERS_SHOWN): how far each got and for how long. */
  viewers: z.array(
    z.object({
      viewerEmail: z.string().nullable(),
      pagesReached: z.number(),
      totalSeconds: z.number(),
      lastAt: z.string(),
    }),
  ),
});
export const linkReadingResponse = z.object({ files: z.array(fileReadingView) });

export const sharingContract = {
  'sharing.list': { response: z.object({ links: z.array(shareLinkView) }) },
  'sharing.create': { body: createShareBody, response: createShareResponse },
  'sharing.revoke': { params: linkParams, response: noContent },
  /** A live link's address again, for its owner to copy (409 for a link made before this existed, or not live). */
  'sharing.linkAddress': { params: linkParams, response: z.object({ token: z.string(), path: z.string() }) },
  'sharing.linkViews': { params: linkParams, query: z.object({ cursor: cursorQuery }), response: eventsResponse },
  'sharing.recentViews': {
    query: z.object({ fileId: fileId.optional(), cursor: cursorQuery }),
    response: eventsResponse,
  },
  'sharing.viewerInfo': { body: z.strictObject({ token }), response: viewerInfoResponse },
  'sharing.viewerOpen': {
    body: z.strictObject({
      token,
      passcode: z
        .string({ error: () => 'The passcode must be text.' })
        .max(SHARE_LIMITS.passcodeMaxLength, { error: 'Wrong passcode.' })
        .optional(),
      email: viewerEmail.optional(),
    }),
    response: viewerOpenResponse,
  },
  'sharing.viewerDownload': {
    body: z.strictObject({
      session,
      fileId,
      /** `inline` opens the file in the browser; by default it is saved under its name. */
      disposition: z
        .enum(['attachment', 'inline'], { error: () => 'disposition must be attachment or inline.' })
        .optional(),
    }),
    response: viewerDownloadResponse,
  },
  'sharing.update': {
    params: linkParams,
    body: z.strictObject({
      allowDownload: z.boolean({ error: () => 'allowDownload must be true or false.' }),
    }),
    response: z.object({ link: shareLinkView }),
  },
  'sharing.linkReading': { params: linkParams, response: linkReadingResponse },
  'sharing.viewerReading': { body: readingBeaconBody, response: noContent },
} as const satisfies AreaContract<'sharing'>;
