/**
 * Preflight checks of the stage's email: the SES identity, its DKIM, and the account's way out of the
 * SES sandbox. Until the identity is verified Cognito mails sign-up codes itself (`sesIdentityVerified:
 * false`); a stage that says it is verified must be, or the user pool refuses the identity at deploy.
 */
import { GetAccountCommand, GetEmailIdentityCommand, type GetEmailIdentityCommandOutput } from '@aws-sdk/client-sesv2';
import { afterFirstDeploy, type CheckResult, fail, type PreflightContext, pass, warn } from './check';

/** What an account in the SES sandbox may send: 200 messages a day, 1 a second. */
export const SANDBOX_QUOTA = { max24HourSend: 200, maxSendRate: 1 } as const;

/** What the stack verifies: the whole domain when the stage has one, else the sender address. */
export const sesIdentityOf = (stage: PreflightContext['stage']): string => stage.domainName ?? stage.senderEmail;

/** The three CNAME records a domain identity's Easy DKIM wants, as the operator types them into DNS. */
export function dkimRecords(domain: string, tokens: readonly string[]): string {
  return tokens.map((t) => `${t}._domainkey.${domain} CNAME ${t}.dkim.amazonses.com`).join('; ');
}

async function getIdentity(ctx: PreflightContext, identity: string): Promise<GetEmailIdentityCommandOutput | null> {
  try {
    return await ctx.clients.sesv2.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
  } catch (err) {
    if (err instanceof Error && err.name === 'NotFoundException') return null;
    throw err;
  }
}

export async function checkSesIdentity(ctx: PreflightContext): Promise<CheckResult[]> {
  const { stage } = ctx;
  const identity = sesIdentityOf(stage);
  // The first deploy creates the identity; a stage that still lets Cognito mail by itself does not need it yet.
  if (ctx.phase === 'before-first-deploy' && !stage.sesIdentityVerified) {
    return [afterFirstDeploy(`SES identity ${identity}`, 'the deploy creates the identity; then verify it (step 5)')];
  }
  const isDomain = stage.domainName !== undefined;
  const out = await getIdentity(ctx, identity);
  // Not verified yet is fine for a first deploy (Cognito mails by itself) and fatal once the stage says otherwise.
  const notYet = (name: string, detail: string, fix: string) =>
    stage.sesIdentityVerified
      ? fail(name, `${detail}, but cdk.json says sesIdentityVerified: true (the user pool would refuse it)`, fix)
      : warn(name, `${detail}; Cognito mails sign-up codes itself until it is`, fix);

  const idName = `SES identity ${identity}`;
  if (!out) {
    return [
      notYet(
        idName,
        `does not exist in ${stage.region}`,
        stage.sesIdentityVerified
          ? `set context.stages.${stage.name}.sesIdentityVerified to false and deploy (the stack creates the identity), then verify it`
          : 'the first deploy creates it; then verify it (docs/operations.md, "Email")',
      ),
    ];
  }
  const tokens = out.DkimAttributes?.Tokens ?? [];
  const verifyFix = isDomain
    ? `publish the DKIM records: ${dkimRecords(identity, tokens)}`
    : `open the link SES mailed to ${identity} (check the spam folder)`;
  const results: CheckResult[] = [];
  if (out.VerifiedForSendingStatus) {
    results.push(
      stage.sesIdentityVerified
        ? pass(idName, 'verified for sending')
        : warn(
            idName,
            'verified, but Cognito still mails by itself',
            `set context.stages.${stage.name}.sesIdentityVerified to true and deploy`,
          ),
    );
  } else {
    results.push(notYet(idName, 'not verified yet', verifyFix));
  }

  if (isDomain) {
    const dkimName = `SES DKIM ${identity}`;
    const status = out.DkimAttributes?.Status ?? 'NOT_STARTED';
    results.push(
      status === 'SUCCESS'
        ? pass(dkimName, 'DKIM signing verified')
        : notYet(dkimName, `DKIM status ${status}`, `publish the DKIM records: ${dkimRecords(identity, tokens)}`),
    );
  }
  return results;
}

export async function checkSesProductionAccess(ctx: PreflightContext): Promise<CheckResult[]> {
  const { stage } = ctx;
  const name = `SES production access ${stage.region}`;
  const quotaName = `SES sending quota ${stage.region}`;
  const out = await ctx.clients.sesv2.send(new GetAccountCommand({}));
  if (out.SendingEnabled === false) {
    return [
      fail(
        name,
        'sending is paused for the account (bounces or complaints)',
        `read the SES account dashboard in ${stage.region}, fix the cause, then: aws sesv2 put-account-sending-attributes --region ${stage.region} --sending-enabled`,
      ),
    ];
  }
  const quota = sendingQuota(out.SendQuota, quotaName);
  if (out.ProductionAccessEnabled) return [pass(name, 'out of the SES sandbox'), quota];
  // The runbook asks to leave the sandbox once the deploy has made the identity (step 5): not before.
  if (ctx.phase === 'before-first-deploy') {
    return [afterFirstDeploy(name, 'ask to leave the SES sandbox once the identity exists (step 5)')];
  }
  const review = out.Details?.ReviewDetails?.Status;
  const detail =
    review === 'PENDING'
      ? 'in the SES sandbox; the request to leave it is pending (AWS answers within about a day)'
      : review === 'DENIED' || review === 'FAILED'
        ? `in the SES sandbox: AWS answered the request with ${review}`
        : 'in the SES sandbox: mail reaches verified addresses only, so founders get no sign-up code';
  const fix =
    review === 'PENDING'
      ? 'wait for AWS support to answer the case'
      : `aws sesv2 put-account-details --region ${stage.region} --production-access-enabled --mail-type TRANSACTIONAL ` +
        `--website-url https://${stage.domainName ?? '<your site>'} --use-case-description "<what you send>" ` +
        `(docs/operations.md, step 5${review === 'DENIED' ? '; answer the case with more detail first' : ''})`;
  // Dev stages may live in the sandbox on purpose (their testers verify their own addresses).
  return [stage.production ? fail(name, detail, fix) : warn(name, detail, fix), quota];
}

/** Out of the sandbox the quota grows with use; a quota still at the sandbox's stops sign-ups at 200 codes a day. */
function sendingQuota(
  quota: { Max24HourSend?: number; MaxSendRate?: number; SentLast24Hours?: number } | undefined,
  name: string,
): CheckResult {
  const day = quota?.Max24HourSend ?? 0;
  const rate = quota?.MaxSendRate ?? 0;
  const sent = quota?.SentLast24Hours ?? 0;
  const figures = `${day} a day, ${rate} a second, ${sent} sent in the last 24 hours`;
  const fix =
    'ask for more in the SES console (Account dashboard → Request an increase), or aws service-quotas ' +
    'request-service-quota-increase --service-code ses (docs/capacity.md)';
  if (day <= SANDBOX_QUOTA.max24HourSend || rate <= SANDBOX_QUOTA.maxSendRate) {
    return warn(name, `${figures}: no more than the sandbox's`, fix);
  }
  if (sent >= day * 0.8) return warn(name, `${figures}: over 80% used`, fix);
  return pass(name, figures);
}
