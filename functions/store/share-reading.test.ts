/**
 * The beacon rules on their own, at exact times: what a (session, file) record may claim against the file's own
 * page count, and what a viewer's clock lets them claim however many sessions they open, both sides of each
 * boundary.
 */
import { describe, expect, it } from 'vitest';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import {
  applyBeacon,
  type ReadingClock,
  type ReadingRecord,
  ReadingRefusedError,
  type ReadingSubject,
  spendClock,
  viewerOf,
} from './share-reading';

const subject: ReadingSubject = {
  ownerSub: 'owner',
  linkId: 'link',
  fileId: 'file',
  fileName: 'Deck.pdf',
  pageCount: 10,
  viewerEmail: 'investor@example.com',
  sessionHash: 'hash',
  viewer: 'viewer',
};
const T0 = Date.parse('2030-01-01T12:00:00Z');
const SLACK = SHARE_READING_LIMITS.slackSeconds;
const FULL = SHARE_READING_LIMITS.beaconEverySeconds + SLACK;

function first(pages: { page: number; seconds: number }[], pageCount = 10): ReadingRecord {
  const record = applyBeacon(null, subject, { seq: 1, pageCount, pages }, T0);
  if (!record) throw new Error('the first beacon always makes a record');
  return record;
}

describe('applyBeacon', () => {
  it("holds every beacon to the file's own page count, whatever the viewer reports", () => {
    const photo = { ...subject, fileName: 'Team.png', pageCount: 1 };
    const beacon = (pageCount: number, page = 1) => ({ seq: 1, pageCount, pages: [{ page, seconds: 1 }] });
    expect(() => applyBeacon(null, photo, beacon(2), T0)).toThrow(
      new ReadingRefusedError('This file has 1 page, not 2.'),
    );
    expect(applyBeacon(null, photo, beacon(1), T0)).toMatchObject({ pageCount: 1, totalSeconds: 1 });
    // The forged beacon of issue 34: a thousand pages of a one-page file.
    expect(() => applyBeacon(null, photo, beacon(1000, 1000), T0)).toThrow('This file has 1 page, not 1000.');
    expect(() => applyBeacon(null, subject, beacon(9), T0)).toThrow('This file has 10 pages, not 9.');
    expect(() => applyBeacon(null, subject, beacon(11), T0)).toThrow('This file has 10 pages, not 11.');
    expect(applyBeacon(null, subject, beacon(10), T0)).toMatchObject({ pageCount: 10 });
  });

  it('takes the recorded pages of a PDF longer than the most recorded', () => {
    const max = SHARE_READING_LIMITS.maxPages;
    const long = { ...subject, pageCount: max + 5 };
    const beacon = (pageCount: number) => ({ seq: 1, pageCount, pages: [{ page: max, seconds: 1 }] });
    expect(applyBeacon(null, long, beacon(max), T0)).toMatchObject({ pageCount: max, pages: { [max]: 1 } });
    expect(() => applyBeacon(null, long, beacon(max - 1), T0)).toThrow(
      `Only the first ${max} pages of this file are recorded, not ${max - 1}.`,
    );
  });

  it('starts a record with the first beacon', () => {
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

  it('keeps the count on later beacons too', () => {
    const start = first([{ page: 1, seconds: 1 }], 10);
    expect(() =>
      applyBeacon(start, subject, { seq: 2, pageCount: 11, pages: [{ page: 11, seconds: 1 }] }, T0 + 5000),
    ).toThrow('This file has 10 pages, not 11.');
  });
});

describe('spendClock', () => {
  const spend = (clock: ReadingClock | null, claimed: number, at: number) => spendClock(clock, claimed, at);

  it('gives a new viewer the slack, and not a tenth more', () => {
    expect(spend(null, SLACK, T0)).toEqual({ allowance: 0, atMs: T0, version: 1 });
    expect(spend(null, 4, T0)).toEqual({ allowance: SLACK - 4, atMs: T0, version: 1 });
    expect(() => spend(null, SLACK + 0.1, T0)).toThrow(
      new ReadingRefusedError(
        `The beacon claims ${SLACK + 0.1} s of reading; this viewer can have read for at most ${SLACK} s more.`,
      ),
    );
  });

  it('gains a second a second: exactly the time that passed fits, a tenth more does not', () => {
    const empty = spend(null, SLACK, T0);
    expect(spend(empty, 10, T0 + 10_000)).toEqual({ allowance: 0, atMs: T0 + 10_000, version: 2 });
    expect(() => spend(empty, 10.1, T0 + 10_000)).toThrow('at most 10 s more');
    // At once after: nothing has passed, so only a glance (0 s) fits.
    expect(() => spend(empty, 0.1, T0)).toThrow('at most 0 s more');
    expect(spend(empty, 0, T0)).toEqual({ allowance: 0, atMs: T0, version: 2 });
    // A clock written in the future (another container's clock ahead) gives nothing back.
    expect(() => spend({ allowance: 2, atMs: T0 + 5000, version: 3 }, 2.1, T0)).toThrow('at most 2 s more');
  });

  it('banks no more than one beacon interval plus the slack, however long the viewer was away', () => {
    const empty = spend(null, SLACK, T0);
    expect(spend(empty, FULL, T0 + 60 * 60_000)).toMatchObject({ allowance: 0 });
    expect(() => spend(empty, FULL + 0.1, T0 + 60 * 60_000)).toThrow(`at most ${FULL} s more`);
    expect(spend({ allowance: FULL - 1, atMs: T0, version: 1 }, FULL, T0 + 1000)).toMatchObject({ allowance: 0 });
    expect(() => spend({ allowance: FULL - 1, atMs: T0, version: 1 }, FULL, T0 + 999)).toThrow(ReadingRefusedError);
  });

  it('is one clock however many sessions draw on it: eight opens in a second get the slack once', () => {
    let clock: ReadingClock | null = null;
    let counted = 0;
    for (let open = 0; open < 8; open++) {
      try {
        clock = spend(clock, SLACK, T0 + open * 100);
        counted += SLACK;
      } catch (err) {
        expect(err).toBeInstanceOf(ReadingRefusedError);
      }
    }
    expect(counted).toBe(SLACK);
  });
});

describe('viewerOf', () => {
  it('is one viewer per link and client address, and keeps no address', () => {
    const viewer = viewerOf('link-1', '203.0.113.7');
    expect(viewer).toBe(viewerOf('link-1', '203.0.113.7'));
    expect(viewer).not.toBe(viewerOf('link-2', '203.0.113.7'));
    expect(viewer).not.toBe(viewerOf('link-1', '203.0.113.8'));
    expect(viewer).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(viewer).not.toContain('203');
  });
});
