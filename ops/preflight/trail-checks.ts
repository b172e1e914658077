/**
 * A CloudTrail trail that records the account's management write events in the stage's Region. Cognito's own calls
 * (an operator deleting, disabling or signing out a user in the console or the API) reach the app only as CloudTrail
 * events on the default bus (infra/constructs/cognito-sessions.ts, decision 032), and EventBridge receives "AWS API
 * Call via CloudTrail" events only while a trail with logging on records them. Without one those actions would end
 * no session until the access token expires. Read-only: DescribeTrails, GetTrailStatus, GetEventSelectors.
 */
import {
  type AdvancedEventSelector,
  DescribeTrailsCommand,
  type EventSelector,
  GetEventSelectorsCommand,
  GetTrailStatusCommand,
  type Trail,
} from '@aws-sdk/client-cloudtrail';
import { COGNITO_SESSIONS_RULE } from '#shared/events';
import { type CheckResult, fail, type PreflightContext, pass, warn } from './check';

const NAME = 'CloudTrail management events';
const COGNITO_EVENT_SOURCE = COGNITO_SESSIONS_RULE.eventSource;

/** Whether basic selectors record write management events of every source Cognito's calls come from. */
function basicRecordsWrites(selectors: readonly EventSelector[]): boolean {
  return selectors.some(
    (s) =>
      s.IncludeManagementEvents !== false &&
      (s.ReadWriteType === 'All' || s.ReadWriteType === 'WriteOnly' || s.ReadWriteType === undefined) &&
      !(s.ExcludeManagementEventSources ?? []).includes(COGNITO_EVENT_SOURCE),
  );
}

/** Whether one advanced selector keeps management events that are writes from Cognito's event source. */
function advancedRecordsWrites(selector: AdvancedEventSelector): boolean {
  const field = (name: string) => selector.FieldSelectors?.find((f) => f.Field === name);
  const category = field('eventCategory');
  if (!category?.Equals?.includes('Management')) return false;
  const readOnly = field('readOnly');
  if (readOnly?.Equals && !readOnly.Equals.includes('false')) return false;
  const source = field('eventSource');
  if (source?.Equals && !source.Equals.includes(COGNITO_EVENT_SOURCE)) return false;
  if (source?.NotEquals?.includes(COGNITO_EVENT_SOURCE)) return false;
  return true;
}

type Verdict = { ok: true } | { ok: false; why: string; unreadable?: boolean };

async function verdictOf(ctx: PreflightContext, trail: Trail): Promise<Verdict> {
  const arn = trail.TrailARN ?? trail.Name ?? '';
  const client = ctx.clients.cloudTrail;
  try {
    const status = await client.send(new GetTrailStatusCommand({ Name: arn }));
    if (!status.IsLogging) return { ok: false, why: 'its logging is off' };
    const selectors = await client.send(new GetEventSelectorsCommand({ TrailName: arn }));
    const records =
      basicRecordsWrites(selectors.EventSelectors ?? []) ||
      (selectors.AdvancedEventSelectors ?? []).some(advancedRecordsWrites);
    return records ? { ok: true } : { ok: false, why: "its selectors leave out Cognito's management write events" };
  } catch (err) {
    // An organization's trail is read in its management account; a member account may not see its settings.
    const name = err instanceof Error ? err.name : 'Error';
    return { ok: false, why: `its settings cannot be read here (${name})`, unreadable: true };
  }
}

export async function checkManagementTrail(ctx: PreflightContext): Promise<CheckResult> {
  const { stage } = ctx;
  const out = await ctx.clients.cloudTrail.send(new DescribeTrailsCommand({ includeShadowTrails: true }));
  const covering = (out.trailList ?? []).filter((t) => t.IsMultiRegionTrail || t.HomeRegion === stage.region);
  const fix =
    `create a trail that logs management events (read and write, or write only) in ${stage.region}: CloudTrail ` +
    'console > Trails > Create trail (docs/operations.md, "What you need"); the first copy of management events is ' +
    'free';
  // Not ending sessions when an operator acts in Cognito breaks a promise to founders: a blocker on production.
  const notReady = stage.production ? fail : warn;
  if (covering.length === 0) {
    return notReady(
      NAME,
      `no trail records ${stage.region}: deleting, disabling or signing out a user in Cognito ends no session`,
      fix,
    );
  }
  const reasons: string[] = [];
  let unreadableOrganizationTrail = false;
  for (const trail of covering) {
    const verdict = await verdictOf(ctx, trail);
    if (verdict.ok) return pass(NAME, `trail ${trail.Name} records management write events in ${stage.region}`);
    if (verdict.unreadable && trail.IsOrganizationTrail) unreadableOrganizationTrail = true;
    reasons.push(`${trail.Name}: ${verdict.why}`);
  }
  if (unreadableOrganizationTrail) {
    return warn(
      NAME,
      `only an organization trail covers ${stage.region} and its settings cannot be read here (${reasons.join('; ')})`,
      "confirm in the organization's management account that it logs management write events",
    );
  }
  return notReady(NAME, `no trail covering ${stage.region} records them (${reasons.join('; ')})`, fix);
}
