/**
 * Where a stage's site answers: its own domain when it has one, else the URL its deployed stack
 * reports. The one place the tools learn it, so preflight and stripe:setup agree on the webhook URL.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { isStackMissing } from './cloudformation';
import { AWS_CLIENT_OPTIONS, type OpsStage } from './stage';

/** The stack output naming the site (infra/stack.ts). */
export const SITE_URL_OUTPUT = 'SiteUrl';

/** The path Stripe posts to (functions/http/payments.ts behind CloudFront's /api). */
export const WEBHOOK_PATH = '/api/payments/webhook';

export type SiteUrl = { known: true; url: string; source: 'domain' | 'stack' } | { known: false; reason: string };

export async function siteUrlOf(
  stage: OpsStage,
  cloudFormation = new CloudFormationClient({ region: stage.region, ...AWS_CLIENT_OPTIONS }),
): Promise<SiteUrl> {
  if (stage.domainName) return { known: true, url: `https://${stage.domainName}`, source: 'domain' };
  try {
    const out = await cloudFormation.send(new DescribeStacksCommand({ StackName: stage.stackName }));
    const url = out.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === SITE_URL_OUTPUT)?.OutputValue;
    if (url) return { known: true, url: url.replace(/\/+$/, ''), source: 'stack' };
    return { known: false, reason: `stack ${stage.stackName} has no ${SITE_URL_OUTPUT} output yet` };
  } catch (err) {
    if (isStackMissing(err)) return { known: false, reason: `stack ${stage.stackName} is not deployed yet` };
    throw err;
  }
}

export const webhookUrlOf = (siteUrl: string): string => `${siteUrl}${WEBHOOK_PATH}`;
