import { Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { SiteFirewall } from './constructs/waf';
import type { StageConfig } from './stages';

/** CloudFront's region: a web ACL (and a certificate) that a distribution uses must be created there. */
export const CLOUDFRONT_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  readonly stage: StageConfig;
}

export const edgeStackName = (stage: StageConfig): string => `Preseed-${stage.name}-edge`;

/**
 * What a stage needs in us-east-1 whatever its own region: the site's WAF web ACL (scope CLOUDFRONT).
 * The stage's stack reads the ACL's ARN from this stack's output (a cross-region reference, which CDK
 * writes as Fn::GetStackOutput with the weak references of cdk.json), so `cdk deploy` deploys this
 * stack first. It holds no data; deleting it detaches nothing until the stage's stack is updated.
 */
export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.firewall = new SiteFirewall(this, 'Firewall', { stage: props.stage });
    Tags.of(this).add('project', 'preseed');
    Tags.of(this).add('stage', props.stage.name);
  }
}
