/**
 * The stage's Route 53 hosted zone: that it exists, is public, is the zone cdk.json names, and that public DNS
 * delegates the zone to its name servers — without that, neither the certificate's DNS validation nor the site's
 * records are ever seen, and the first deploy waits on a certificate that never issues.
 */
import { GetHostedZoneCommand, type GetHostedZoneCommandOutput } from '@aws-sdk/client-route-53';
import { type CheckResult, fail, type PreflightContext, pass } from './check';

const normal = (name: string): string => name.toLowerCase().replace(/\.$/, '');

export async function checkHostedZone({ stage, clients }: PreflightContext): Promise<CheckResult[]> {
  const zone = stage.hostedZone;
  if (!zone) {
    return [pass('Hosted zone', 'no hostedZone: the DNS records are created by hand (docs/operations.md, step 6)')];
  }
  const name = `Hosted zone ${zone.name}`;
  let out: GetHostedZoneCommandOutput;
  try {
    out = await clients.route53.send(new GetHostedZoneCommand({ Id: zone.id }));
  } catch (err) {
    if (!(err instanceof Error && ['NoSuchHostedZone', 'InvalidInput'].includes(err.name))) throw err;
    return [
      fail(
        name,
        `Route 53 has no hosted zone ${zone.id} in this account`,
        `create it (aws route53 create-hosted-zone --name ${zone.name} --caller-reference $(date +%s)) and put its id ` +
          `into context.stages.${stage.name}.hostedZone.id`,
      ),
    ];
  }
  const actual = normal(out.HostedZone?.Name ?? '');
  if (actual !== normal(zone.name)) {
    return [
      fail(
        name,
        `zone ${zone.id} is ${actual}, not ${zone.name}`,
        `correct context.stages.${stage.name}.hostedZone (aws route53 list-hosted-zones-by-name --dns-name ${zone.name})`,
      ),
    ];
  }
  if (out.HostedZone?.Config?.PrivateZone) {
    return [fail(name, `zone ${zone.id} is private: nobody on the internet sees it`, 'use a public hosted zone')];
  }
  const expected = (out.DelegationSet?.NameServers ?? []).map(normal).sort();
  const delegationName = `Zone delegation ${zone.name}`;
  const fix = `at the registrar of ${zone.name} (or in its parent zone) set the NS records to ${expected.join(', ')}`;
  let published: string[];
  try {
    published = (await clients.dns.resolveNs(zone.name)).map(normal).sort();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (!['ENOTFOUND', 'ENODATA', 'ESERVFAIL', 'NXDOMAIN'].includes(code)) throw err;
    return [pass(name, `public zone ${zone.id}`), fail(delegationName, `public DNS has no NS records (${code})`, fix)];
  }
  const delegated = published.length === expected.length && published.every((server, i) => server === expected[i]);
  return [
    pass(name, `public zone ${zone.id}`),
    delegated
      ? pass(delegationName, `public DNS delegates it to the zone's ${expected.length} name servers`)
      : fail(delegationName, `public DNS answers ${published.join(', ') || 'nothing'}, not the zone's servers`, fix),
  ];
}
