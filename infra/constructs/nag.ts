import { CfnResource, Validations } from 'aws-cdk-lib';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Records why a cdk-nag finding is accepted, on the narrowest construct that raises it
 * (it also covers that construct's children).
 *
 * cdk-nag 3 dropped NagSuppressions for CDK's own `Validations.acknowledge`; rules that report
 * several findings take one acknowledgement each, e.g. `AwsSolutions-IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, id: `AwsSolutions-${string}`, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Acknowledges every IAM5 (wildcard) finding of the policies under `scope`, one by one.
 * Only for roles CDK writes for its own provider functions: their statements are CDK's
 * choice, differ between CDK versions, and cannot be narrowed from here. A statement
 * added after this call is not covered and fails synthesis.
 */
export function acknowledgeProviderWildcards(scope: IConstruct, reason: string): void {
  for (const node of scope.node.findAll()) {
    if (!CfnResource.isCfnResource(node)) continue;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) continue;
    for (const finding of findings) acknowledge(node, `AwsSolutions-IAM5[${finding}]`, reason);
  }
}
