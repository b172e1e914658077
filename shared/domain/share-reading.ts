/**
 * Reading analytics of share links: a viewer's page turns and time per page, sent by the share page's viewer
 * in batches (beacons) and shown to the founder per link and per file. The API enforces these limits and the
 * viewer builds its batches from them, so an unauthenticated beacon can only ever claim what a real reader could.
 */

export const SHARE_READING_LIMITS = {
  /** How often the viewer sends what it counted while a file is open (and once more when the page is left). */
  beaconEverySeconds: 10,
  /**
   * Seconds one (session, file) record may hold beyond the wall-clock time since its first beacon: the first
   * beacon's own interval and the clock skew between the browser's timer and the server. However many beacons
   * arrive, the total never passes the real time elapsed plus this.
   */
  slackSeconds: 15,
  /** Pages a file may report: PDFs longer than this are still shown, but pages past it are not recorded. */
  maxPages: 1000,
  /** Page entries one beacon may carry (a fast reader flips many pages in ten seconds). */
  maxPagesPerBeacon: 100,
  /** Beacons one viewer session may send per minute (all its files), beside the client address's limit. */
  beaconsPerSessionPerMinute: 20,
} as const;
