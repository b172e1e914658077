import { Stack, type StackProps, Tags } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';
import { SiteFirewall } from './constructs/waf';
import type { StageConfig } from './stages';

/** CloudFront's region: a web ACL (and a certificate) that a distribution uses must be created there. */
export const CLOUDFRONT_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  readonly stage: StageConfig;
}

export const edgeStackName = (stage: StageConfig): string => `Preseed-${stage.name}-edge`;

/** The stage's Route 53 zone, imported (never created: its delegation is the domain owner's). */
export function stageHostedZone(scope: Construct, stage: StageConfig): IHostedZone | undefined {
  if (!stage.hostedZone) return undefined;
  return HostedZone.fromHostedZoneAttributes(scope, 'HostedZone', {
    hostedZoneId: stage.hostedZone.id,
    zoneName: stage.hostedZone.name,
  });
}

/**
 * What a stage needs in us-east-1 whatever its own region: the site's WAF web ACL (scope CLOUDFRONT) and, for a
 * stage with a domain in a Route 53 zone and no certificateArn, the site's certificate (DNS-validated: CloudFormation
 * writes the validation record into the zone and waits until ACM has issued it). The stage's stack reads both ARNs
 * from this stack's outputs (cross-region references, which CDK writes as Fn::GetStackOutput with the weak
 * references of cdk.json), so `cdk deploy` deploys this stack first. It holds no data; deleting it detaches
 * nothing until the stage's stack is updated.
 */
export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;
  /** The certificate this stack made for the stage's domain, if it made one. */
  readonly certificate?: Certificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.firewall = new SiteFirewall(this, 'Firewall', { stage });
    const zone = stageHostedZone(this, stage);
    if (stage.domainName && zone && !stage.certificateArn) {
      this.certificate = new Certificate(this, 'Certificate', {
        domainName: stage.domainName,
        validation: CertificateValidation.fromDns(zone),
      });
    }
    Tags.of(this).add('project', 'preseed');
    Tags.of(this).add('stage', stage.name);
  }
}
