/**
 * Founders area (coaches only): the founder directory, the queue of founders waiting for review, one founder's whole
 * file, and downloads of their data-room files. Every download is audit-logged — an audit item in the founder's partition and a log line —
 * before the link is handed out.
 */

import type { ResponseBody } from '#shared/contract';
import { foundersContract } from '#shared/contract/founders';
import { DATA_ROOM_QUOTA } from '#shared/domain/data-room';
import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { phaseFlagsFrom } from '#shared/domain/phases';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { questionTotal } from '#shared/domain/tool-questions';
import { presignDownload } from '../integrations/s3';
import { NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { recordDownload } from '../store/audit';
import { batchGetAll } from '../store/batch-get';
import { tableName } from '../store/client';
import { type DirectoryEntry, entryFrom, listDirectoryPage } from '../store/directory';
import { getFile, listFiles, publicView } from '../store/files';
import { listFounderTests } from '../store/founder-file';
import { type Key, keys, stats } from '../store/keys';
import { listReviewQueue } from '../store/review-queue';

type DirectoryFounder = ResponseBody<'founders.list'>['founders'][number];

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

function founderView(entry: DirectoryEntry, totals: Record<QuestionType, number>): DirectoryFounder {
  const progress = Object.fromEntries(
    QUESTION_TYPES.map((t) => [
      t,
      {
        answered: entry.answered[t],
        total: totals[t],
        percent: percent(entry.answered[t], totals[t]),
        status: entry.statuses[t],
      },
    ]),
  ) as DirectoryFounder['progress'];
  return {
    userId: entry.userId,
    name: [entry.firstName, entry.lastName].filter(Boolean).join(' ') || null,
    email: entry.email,
    startupName: entry.startupName,
    paid: entry.paid,
    createdAt: entry.createdAt,
    lastActivityAt: entry.lastActivityAt,
    phase: entry.phase,
    status: entry.status,
    progress,
  };
}

export const foundersRoutes: AreaRoutes<'founders'> = {
  'founders.list': defineRoute('founders.list', {
    handle: async ({ query }) => {
      const page = await listDirectoryPage({ q: query.q, phase: query.phase, status: query.status }, query.cursor);
      return {
        body: {
          founders: page.entries.map((e) => founderView(e, page.questionTotals)),
          nextCursor: page.nextCursor,
          examined: page.examined,
          totalFounders: page.totalFounders,
        },
      };
    },
  }),

  'founders.get': defineRoute('founders.get', {
    handle: async ({ params }) => {
      const sub = params.userId;
      const progressKeys = QUESTION_TYPES.map((t) => keys.progress(sub, t));
      const statKeys = QUESTION_TYPES.map((t) => keys.stat(stats.questionCount(t)));
      // Read fresh rather than from the directory entry: the coach sees the founder as they are now.
      const [items, tests, files] = await Promise.all([
        batchGetAll(
          tableName(),
          [keys.profile(sub), keys.phases(sub), keys.directory(sub), ...progressKeys, ...statKeys],
          { consistentRead: true },
        ),
        listFounderTests(sub),
        listFiles(sub, undefined, DATA_ROOM_QUOTA.maxFiles),
      ]);
      const find = (k: Key) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
      const profile = find(keys.profile(sub));
      const phases = find(keys.phases(sub));
      const stored = find(keys.directory(sub));
      const byType = <T>(pick: (t: QuestionType) => T) =>
        Object.fromEntries(QUESTION_TYPES.map((t) => [t, pick(t)])) as Record<QuestionType, T>;
      const lastActivityAt = typeof stored?.lastActivityAt === 'string' ? stored.lastActivityAt : profile?.createdAt;
      const entry = entryFrom(
        sub,
        { profile, phases, progress: byType((t) => find(keys.progress(sub, t))) },
        typeof lastActivityAt === 'string' ? lastActivityAt : '',
      );
      if (!entry || !profile) throw new NotFoundError('No founder with this id.');
      const totals = byType((t) => {
        const value = find(keys.stat(stats.questionCount(t)))?.value;
        return questionTotal(t, typeof value === 'number' ? value : 0);
      });
      return {
        body: {
          founder: founderView(entry, totals),
          onboarding: (profile.onboarding as OnboardingAnswers | null | undefined) ?? null,
          idea: typeof profile.idea === 'string' && profile.idea ? profile.idea : null,
          phases: phaseFlagsFrom(phases),
          validationTests: tests,
          files: files.files.map(publicView),
        },
      };
    },
  }),

  'founders.reviewQueue': defineRoute('founders.reviewQueue', {
    handle: async ({ query }) => {
      const page = await listReviewQueue(query.cursor);
      return {
        body: {
          founders: page.founders.map(({ firstName, lastName, ...rest }) => ({
            ...rest,
            name: [firstName, lastName].filter(Boolean).join(' ') || null,
          })),
          nextCursor: page.nextCursor,
          total: page.total,
        },
      };
    },
  }),

  'founders.download': defineRoute('founders.download', {
    handle: async ({ params, principal, log }) => {
      const file = await getFile(params.userId, params.fileId);
      if (!file) throw new NotFoundError('No such file.');
      const at = new Date().toISOString();
      const audit = { coachSub: principal.sub, founderSub: params.userId, fileId: file.id, fileName: file.name, at };
      await recordDownload(audit);
      log.info('founder file downloaded by coach', { audit: 'founder-file-download', ...audit });
      return { body: { url: await presignDownload(file.key, file.name), name: file.name } };
    },
  }),
};

export const handler = createAreaHandler('founders', foundersRoutes, foundersContract);
