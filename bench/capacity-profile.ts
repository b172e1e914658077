/**
 * The activity the capacity figures project (bench/capacity.ts, docs/capacity.md): how many founders and coaches
 * act at the busiest minute, and what they do, mapped onto the routes the benchmark measures. Change a number here
 * and the section, results.json and the budget follow; docs/capacity.md explains each one.
 */
import { routeKey } from '#shared/routes';
import { reviewListPath } from './routes-under-test';

/** The platform sizes projected. */
export const CAPACITY_SCALES = [100_000, 1_000_000] as const;

export interface Activity {
  peakActiveFounderShare: number;
  coachesPerFounder: number;
  peakActiveCoachShare: number;
  averageToPeak: number;
  signUpsPerDayShare: number;
  storageKbPerFounder: number;
}

export const ACTIVITY: Activity = {
  /**
   * Founders working in the busiest minute: a work tool's daily users are ~20–30 % of its founders, spread over
   * about 8 busy hours of one main time zone, so ~3 % at once at the peak.
   */
  peakActiveFounderShare: 0.03,
  /**
   * Coaches per founder: one coach follows ~200 founders. A coach works in longer sessions than a founder, so a
   * larger share of them (20 %) is active at the peak.
   */
  coachesPerFounder: 1 / 200,
  peakActiveCoachShare: 0.2,
  /** The month's average load as a share of the peak minute's (nights, weekends): what the bill is made of. */
  averageToPeak: 0.25,
  /** New founders a day, as a share of all founders (their writes are a rounding error next to saves; storage grows). */
  signUpsPerDayShare: 0.005,
  /**
   * What a founder's data weighs in the table and GSI1 (answers with their kept versions, feedback, files' metadata,
   * share logs, directory and progress items projected into GSI1): ~150 KB.
   */
  storageKbPerFounder: 150,
};

/** A measured route, and how often one active founder or coach calls it a minute at the peak. */
export interface ProfiledCall {
  /** The name the benchmark counts the route under (bench/routes-under-test.ts). */
  route: string;
  who: 'founder' | 'coach';
  perMinute: number;
  why: string;
}

export const PROFILE: readonly ProfiledCall[] = [
  {
    route: `${routeKey('journey.saveAnswer')} (update)`,
    who: 'founder',
    perMinute: 1,
    why: 'saves are explicit (no autosave): one answer a minute while working is a generous pace',
  },
  { route: routeKey('accounts.me'), who: 'founder', perMinute: 1, why: 'every page load reads the account' },
  { route: routeKey('journey.dashboard'), who: 'founder', perMinute: 0.5, why: 'the dashboard every other minute' },
  { route: routeKey('journey.listAnswers'), who: 'founder', perMinute: 0.5, why: 'a phase editor opened' },
  { route: routeKey('questions.list'), who: 'founder', perMinute: 0.5, why: 'with its questions' },
  { route: routeKey('dataroom.list'), who: 'founder', perMinute: 0.1, why: 'the data room now and then' },
  { route: routeKey('validation.list'), who: 'founder', perMinute: 0.1, why: 'validation tests now and then' },
  {
    route: `${routeKey('review.unlock')} (pending founder)`,
    who: 'coach',
    perMinute: 1,
    why: "a coach's write a minute; the unlock stands for all of them (the heaviest measured: progress, counters, directory)",
  },
  { route: `GET ${reviewListPath}`, who: 'coach', perMinute: 0.5, why: 'a review list' },
  { route: routeKey('review.answers'), who: 'coach', perMinute: 1, why: "a founder's answers read per action" },
  { route: `${routeKey('founders.list')} (first page)`, who: 'coach', perMinute: 0.5, why: 'the directory' },
  { route: routeKey('review.stats'), who: 'coach', perMinute: 0.2, why: 'the statistics page' },
];
