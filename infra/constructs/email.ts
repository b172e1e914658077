import { CfnOutput, Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CnameRecord, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { resourcePrefix, type StageConfig } from '../stages';

export interface EmailProps {
  readonly stage: StageConfig;
  /** The stage's Route 53 zone: the DKIM records go into it. Without one they are stack outputs. */
  readonly hostedZone?: IHostedZone;
}

/** The CloudWatch dimension SES puts its per-event metrics under (namespace AWS/SES). */
export const SES_METRIC_DIMENSION = 'ses:configuration-set';

/** What SES reports to CloudWatch for this stage's mail; bounce and complaint rates are alarmed (observability.ts). */
export const SES_METRIC_EVENTS = [
  EmailSendingEvent.SEND,
  EmailSendingEvent.DELIVERY,
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
  EmailSendingEvent.RENDERING_FAILURE,
  EmailSendingEvent.DELIVERY_DELAY,
] as const;

/** Stack outputs naming the DKIM records an operator creates when the stage has no hosted zone. */
export const DKIM_OUTPUTS = ['DkimRecord1', 'DkimRecord2', 'DkimRecord3'] as const;

/**
 * The SES sender. With a domain the whole domain is verified through DKIM (three CNAME records, written into
 * the hosted zone when the stage has one, else output for the operator); without one, only the sender address,
 * which SES confirms by mailing a link to it. The identity is created on the stage's first deploy, but nothing
 * in that deploy depends on it being verified: the user pool uses it only once `sesIdentityVerified` is set.
 */
export class Email extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly senderEmail: string;

  constructor(scope: Construct, id: string, { stage, hostedZone }: EmailProps) {
    super(scope, id);
    this.senderEmail = stage.senderEmail;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: resourcePrefix(stage),
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // Every message sent through the set counts under its name: SES tags each one with `ses:configuration-set`.
    this.configurationSet.addEventDestination('Metrics', {
      destination: EventDestination.cloudWatchDimensions([
        {
          name: SES_METRIC_DIMENSION,
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: resourcePrefix(stage),
        },
      ]),
      events: [...SES_METRIC_EVENTS],
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: stage.domainName ? Identity.domain(stage.domainName) : Identity.email(stage.senderEmail),
      configurationSet: this.configurationSet,
    });

    if (!stage.domainName) return;
    this.identity.dkimRecords.forEach((record, index) => {
      if (hostedZone) {
        new CnameRecord(this, `DkimRecord${index + 1}`, {
          zone: hostedZone,
          // The token's value is the full name; the trailing dot stops Route 53's construct appending the zone.
          recordName: `${record.name}.`,
          domainName: record.value,
        });
      } else {
        new CfnOutput(Stack.of(this), DKIM_OUTPUTS[index] ?? `DkimRecord${index + 1}`, {
          description: `Create this DNS record for SES (DKIM ${index + 1} of 3): name CNAME value`,
          value: `${record.name} CNAME ${record.value}`,
        });
      }
    });
  }

  /** ses:SendEmail from this sender through this configuration set, and nothing else. */
  grantSend(grantee: IGrantable): void {
    this.identity.grantSendEmail(grantee);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }
}
