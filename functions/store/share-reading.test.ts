/**
 * The beacon rules on their own, at exact times: what a (session, file) record may claim against the clock and
 * the file's page count, both sides of each boundary.
 */
import { describe, expect, it } from 'vitest';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import { applyBeacon, type ReadingRecord, ReadingRefusedError, type ReadingSubject } from './share-reading';

const subject: ReadingSubject = {
  ownerSub: 'owner',
  linkId: 'link',
  fileId: 'file',
  fileName: 'Deck.pdf',
  contentType: 'application/pdf',
  viewerEmail: 'investor@example.com',
  sessionHash: 'hash',
};
const T0 = Date.parse('2030-01-01T12:00:00Z');
const SLACK = SHARE_READING_LIMITS.slackSeconds;

function first(pages: { page: number; seconds: number }[], pageCount = 10): ReadingRecord {
  const record = applyBeacon(null, subject, { seq: 1, pageCount, pages }, T0);
  if (!record) throw new Error('the first beacon always makes a record');
  return record;
}

describe('applyBeacon', () => {
  it('takes one page for a file that is not a PDF, and any count the renderer reports for a PDF', () => {
    const photo = { ...subject, fileName: 'Team.png', contentType: 'image/png' };
    const beacon = (pageCount: number) => ({ seq: 1, pageCount, pages: [{ page: 1, seconds: 1 }] });
    expect(() => applyBeacon(null, photo, beacon(2), T0)).toThrow(
      new ReadingRefusedError('This file is shown as one page, not 2.'),
    );
    expect(applyBeacon(null, photo, beacon(1), T0)).toMatchObject({ pageCount: 1, totalSeconds: 1 });
    expect(applyBeacon(null, subject, beacon(2), T0)).toMatchObject({ pageCount: 2 });
  });

  it('starts a record with the first beacon: up to the slack, and not a tenth more', () => {
    expect(first([{ page: 1, seconds: SLACK }])).toMatchObject({
      pageCount: 10,
      pages: { '1': SLACK },
      totalSeconds: SLACK,
      firstAtMs: T0,
      lastAt: '2030-01-01T12:00:00.000Z',
      lastSeq: 1,
      version: 1,
      viewerEmail: 'investor@example.com',
    });
    expect(() => first([{ page: 1, seconds: SLACK + 0.1 }])).toThrow(ReadingRefusedError);
  });

  it('holds the whole record to the time since its first beacon plus the slack, however many beacons', () => {
    const start = first([{ page: 1, seconds: SLACK }]);
    const later = T0 + 10_000;
    // 10 s have passed: exactly 10 more seconds fit, 10.1 do not.
    expect(
      applyBeacon(start, subject, { seq: 2, pageCount: 10, pages: [{ page: 2, seconds: 10 }] }, later),
    ).toMatchObject({ totalSeconds: SLACK + 10, pages: { '1': SLACK, '2': 10 }, version: 2, lastSeq: 2 });
    expect(() =>
      applyBeacon(start, subject, { seq: 2, pageCount: 10, pages: [{ page: 2, seconds: 10.1 }] }, later),
    ).toThrow('at most 10 s have passed');
    // Split over two pages, the same total counts.
    expect(() =>
      applyBeacon(
        start,
        subject,
        {
          seq: 2,
          pageCount: 10,
          pages: [
            { page: 2, seconds: 5 },
            { page: 3, seconds: 5.1 },
          ],
        },
        later,
      ),
    ).toThrow(ReadingRefusedError);
  });

  it('adds seconds to pages read before, and counts a page glanced at for 0 s as reached', () => {
    const start = first([{ page: 1, seconds: 4 }]);
    const next = applyBeacon(
      start,
      subject,
      {
        seq: 5,
        pageCount: 10,
        pages: [
          { page: 1, seconds: 2.5 },
          { page: 4, seconds: 0 },
        ],
      },
      T0 + 3000,
    );
    expect(next?.pages).toEqual({ '1': 6.5, '4': 0 });
    expect(next?.totalSeconds).toBe(6.5);
  });

  it('ignores a beacon sent again (a seq not above the last) so a retry counts once', () => {
    const start = first([{ page: 1, seconds: 4 }]);
    expect(
      applyBeacon(start, subject, { seq: 1, pageCount: 10, pages: [{ page: 1, seconds: 1 }] }, T0 + 5000),
    ).toBeNull();
    expect(
      applyBeacon(start, subject, { seq: 2, pageCount: 10, pages: [{ page: 1, seconds: 1 }] }, T0 + 5000),
    ).not.toBeNull();
  });

  it('takes pages up to the page count and none past it', () => {
    expect(first([{ page: 10, seconds: 1 }]).pages).toEqual({ '10': 1 });
    expect(() => first([{ page: 11, seconds: 1 }])).toThrow("Page 11 is past the file's last page (10).");
  });

  it('keeps the page count the first beacon reported', () => {
    const start = first([{ page: 1, seconds: 1 }], 10);
    expect(() =>
      applyBeacon(start, subject, { seq: 2, pageCount: 11, pages: [{ page: 11, seconds: 1 }] }, T0 + 5000),
    ).toThrow('This file has 10 pages, not 11.');
  });
});
