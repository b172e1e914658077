import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { GSI1, TABLE_KEYS } from '../../functions/store/keys';
import { removalPolicyOf, type StageConfig } from '../stages';

export interface DataProps {
  readonly stage: StageConfig;
}

/** The single DynamoDB table; its key design lives in functions/store/keys.ts. */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, { stage }: DataProps) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.pk, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sk, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_KEYS.ttl,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.production,
      removalPolicy: removalPolicyOf(stage),
    });
    this.table.addGlobalSecondaryIndex({
      indexName: GSI1,
      partitionKey: { name: TABLE_KEYS.gsi1pk, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.gsi1sk, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
}
