/**
 * Reading analytics of share links, part of the sharing area: the viewer's beacon (pages reached and seconds
 * per page of one file, in batches) and the founder's view of it per link and per file. The beacon takes only
 * the viewer session and a file the session's link covers; functions/store/share-reading.ts holds every claim
 * to the viewer's clock and the file's page count.
 */
import type { ResponseBody } from '#shared/contract';
import { MAX_FILE_BYTES } from '#shared/domain/data-room';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import { readFirstBytes } from '../integrations/s3';
import { NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { inspectPdf } from '../lib/pdf-inspection';
import { type FileRecord, setFilePageCount } from '../store/files';
import { getShareLink } from '../store/share-links';
import {
  listLinkReading,
  type ReadingRecord,
  ReadingRefusedError,
  recordReading,
  viewerOf,
} from '../store/share-reading';
import { limit, limitClient, sessionFile } from './share-viewer-access';

/** The latest viewer sessions listed per file; the totals count them all. */
export const SHARE_READING_VIEWERS_SHOWN = 50;

type FileReading = ResponseBody<'sharing.linkReading'>['files'][number];

/** Folds a link's records (one per session and file) into one summary per file, the most read first. */
export function summarizeReading(records: readonly ReadingRecord[]): FileReading[] {
  const byFile = new Map<string, ReadingRecord[]>();
  for (const record of records) byFile.set(record.fileId, [...(byFile.get(record.fileId) ?? []), record]);
  const tenths = (n: number) => Math.round(n * 10) / 10;
  return [...byFile.values()]
    .map((sessions) => {
      const latest = [...sessions].sort((a, b) => b.lastAt.localeCompare(a.lastAt));
      const pages = new Map<number, { seconds: number; readers: number }>();
      for (const session of sessions) {
        for (const [page, seconds] of Object.entries(session.pages)) {
          const entry = pages.get(Number(page)) ?? { seconds: 0, readers: 0 };
          pages.set(Number(page), { seconds: entry.seconds + seconds, readers: entry.readers + 1 });
        }
      }
      const [first] = latest;
      return {
        fileId: first?.fileId ?? '',
        fileName: first?.fileName ?? '',
        pageCount: Math.max(...sessions.map((s) => s.pageCount)),
        sessions: sessions.length,
        totalSeconds: tenths(sessions.reduce((sum, s) => sum + s.totalSeconds, 0)),
        pages: [...pages.entries()]
          .sort(([a], [b]) => a - b)
          .map(([page, entry]) => ({ page, seconds: tenths(entry.seconds), readers: entry.readers })),
        viewers: latest.slice(0, SHARE_READING_VIEWERS_SHOWN).map((s) => ({
          viewerEmail: s.viewerEmail,
          pagesReached: Object.keys(s.pages).length,
          totalSeconds: s.totalSeconds,
          lastAt: s.lastAt,
        })),
      };
    })
    .sort((a, b) => b.totalSeconds - a.totalSeconds || a.fileName.localeCompare(b.fileName));
}

/**
 * The pages a file has: as stored when its upload was confirmed, or — a PDF stored before pages were read — read
 * from the file now, server-side, and stored for every later beacon. A PDF that cannot be read records no reading.
 */
async function pageCountOf(ownerSub: string, file: FileRecord): Promise<number> {
  if (file.pageCount !== null) return file.pageCount;
  if (file.contentType !== 'application/pdf') return 1;
  const inspection = await inspectPdf(await readFirstBytes(file.key, MAX_FILE_BYTES));
  if (!inspection.readable) {
    throw new ReadingRefusedError("This file's pages cannot be counted, so its reading time is not recorded.");
  }
  await setFilePageCount(ownerSub, file.id, inspection.pageCount);
  return inspection.pageCount;
}

export const shareReadingRoutes: Pick<AreaRoutes<'sharing'>, 'sharing.linkReading' | 'sharing.viewerReading'> = {
  'sharing.linkReading': defineRoute('sharing.linkReading', {
    handle: async ({ principal, params }) => {
      const link = await getShareLink(principal.sub, params.linkId);
      if (!link) throw new NotFoundError('No such share link.');
      return { body: { files: summarizeReading(await listLinkReading(principal.sub, link.linkId)) } };
    },
  }),

  'sharing.viewerReading': defineRoute('sharing.viewerReading', {
    handle: async ({ body, event }) => {
      const client = await limitClient(event);
      const now = new Date();
      const { session, sessionHash, link, file } = await sessionFile(body.session, body.fileId, now, false);
      await limit(`share-reading:${sessionHash}`, SHARE_READING_LIMITS.beaconsPerSessionPerMinute, 60);
      await recordReading(
        {
          ownerSub: link.ownerSub,
          linkId: link.linkId,
          fileId: file.id,
          fileName: file.name,
          pageCount: await pageCountOf(link.ownerSub, file),
          viewerEmail: session.viewerEmail,
          sessionHash,
          // The client address the edge wrote (never a header the viewer sets), not the session: a viewer who opens
          // the link again gets a new session but the same clock.
          viewer: viewerOf(link.linkId, client),
        },
        { seq: body.seq, pageCount: body.pageCount, pages: body.pages },
        now.getTime(),
      );
      return {};
    },
  }),
};
