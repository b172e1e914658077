import { Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { resourcePrefix, type StageConfig } from '../stages';

export interface EmailProps {
  readonly stage: StageConfig;
}

/**
 * The SES sender. With a domain the whole domain is verified (DKIM records to publish
 * are in the EmailIdentity's dkimRecords); without one, only the sender address, which
 * SES confirms by mailing a link to it.
 */
export class Email extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly senderEmail: string;

  constructor(scope: Construct, id: string, { stage }: EmailProps) {
    super(scope, id);
    this.senderEmail = stage.senderEmail;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: resourcePrefix(stage),
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: stage.domainName ? Identity.domain(stage.domainName) : Identity.email(stage.senderEmail),
      configurationSet: this.configurationSet,
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
