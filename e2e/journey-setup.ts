/** The founder a browser journey starts from, set up through the API: paid, and as far along the phases as it needs. */
import { REVIEWED_PHASES } from '#shared/domain/phases';
import type { PhaseType } from '#shared/domain/questions';
import { answerAllTriggerQuestions, type Founder, newFounder, signUpPaidFounder, unlockPhase } from './founders';

/** The running app a journey sets up in: where it answers, and the coach's (admin's) password for the unlocks. */
export interface JourneyApp {
  url: string;
  adminPassword: string;
}

export interface FounderSetup {
  /** Who signs up; a new founder by default. */
  founder?: Founder;
  /** Saves an idea and answers every trigger question before any unlock. */
  answerTriggers?: boolean;
  /** A coach unlocks every reviewed phase in order up to this one (the Business Model's opens the Validate group). */
  unlockedTo?: PhaseType;
}

/**
 * A coach's unlocks of the reviewed phases in their order, from `from` (the first, left out) through `through`: each
 * unlock opens the next phase's page, as a founder's reviews would.
 */
export async function unlockPhases(
  app: JourneyApp,
  founder: Founder,
  through: PhaseType,
  from?: PhaseType,
): Promise<void> {
  const start = from === undefined ? 0 : REVIEWED_PHASES.indexOf(from);
  const phases = REVIEWED_PHASES.slice(start, REVIEWED_PHASES.indexOf(through) + 1);
  if (phases.length === 0) throw new Error(`no phases from ${from} through ${through}`);
  for (const phase of phases) await unlockPhase(app.url, app.adminPassword, founder, phase);
}

/** A founder signed up and paid, then, as asked, with the trigger questions answered and phases unlocked. */
export async function journeyFounder(app: JourneyApp, setup: FounderSetup = {}): Promise<Founder> {
  const founder = await signUpPaidFounder(app.url, setup.founder ?? newFounder());
  if (setup.answerTriggers) await answerAllTriggerQuestions(app.url, founder);
  if (setup.unlockedTo) await unlockPhases(app, founder, setup.unlockedTo);
  return founder;
}
