import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { GetAliasCommand, LambdaClient, UpdateAliasCommand } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { rollbackCli, snapshotCli } from './cli';
import { parseSnapshot, rollbackAliases, snapshotAliases, stackFunctionNames } from './releases';

const lambda = mockClient(LambdaClient);
const cfn = mockClient(CloudFormationClient);

beforeEach(() => {
  lambda.reset();
  cfn.reset();
});

describe('stackFunctionNames', () => {
  it('lists the stack’s functions over every page, nothing else', async () => {
    cfn
      .on(ListStackResourcesCommand, { StackName: 'Preseed-dev' })
      .resolvesOnce({
        StackResourceSummaries: [
          {
            ResourceType: 'AWS::Lambda::Function',
            PhysicalResourceId: 'Preseed-dev-b',
            LogicalResourceId: 'B',
            ResourceStatus: 'UPDATE_COMPLETE',
            LastUpdatedTimestamp: new Date(),
          },
          {
            ResourceType: 'AWS::Lambda::Alias',
            PhysicalResourceId: 'arn:alias',
            LogicalResourceId: 'L',
            ResourceStatus: 'UPDATE_COMPLETE',
            LastUpdatedTimestamp: new Date(),
          },
        ],
        NextToken: 't',
      })
      .resolvesOnce({
        StackResourceSummaries: [
          {
            ResourceType: 'AWS::Lambda::Function',
            PhysicalResourceId: 'Preseed-dev-a',
            LogicalResourceId: 'A',
            ResourceStatus: 'UPDATE_COMPLETE',
            LastUpdatedTimestamp: new Date(),
          },
        ],
      });
    expect(await stackFunctionNames(new CloudFormationClient({}), 'Preseed-dev')).toEqual([
      'Preseed-dev-a',
      'Preseed-dev-b',
    ]);
  });
});

describe('stackFunctionNames of a stage not deployed yet', () => {
  it('answers null for a missing stack and rethrows any other failure', async () => {
    const missing = Object.assign(new Error('Stack with id Preseed-dev does not exist'), { name: 'ValidationError' });
    cfn.on(ListStackResourcesCommand).rejectsOnce(missing).rejectsOnce(new Error('Rate exceeded'));
    expect(await stackFunctionNames(new CloudFormationClient({}), 'Preseed-dev')).toBeNull();
    await expect(stackFunctionNames(new CloudFormationClient({}), 'Preseed-dev')).rejects.toThrow('Rate exceeded');
  });
});

describe('snapshotAliases', () => {
  it('records each live alias’s version', async () => {
    lambda.on(GetAliasCommand, { FunctionName: 'f1', Name: 'live' }).resolves({ FunctionVersion: '7' });
    lambda.on(GetAliasCommand, { FunctionName: 'f2', Name: 'live' }).resolves({ FunctionVersion: '3' });
    expect(await snapshotAliases(new LambdaClient({}), ['f1', 'f2'])).toEqual({ f1: '7', f2: '3' });
  });

  it('refuses an alias that names no version', async () => {
    lambda.on(GetAliasCommand).resolves({});
    await expect(snapshotAliases(new LambdaClient({}), ['f1'])).rejects.toThrow('f1:live names no version');
  });
});

describe('rollbackAliases', () => {
  it('moves an alias that moved, clears a half-done shift, and leaves one already there alone', async () => {
    lambda.on(GetAliasCommand, { FunctionName: 'moved' }).resolves({ FunctionVersion: '8' });
    lambda
      .on(GetAliasCommand, { FunctionName: 'shifting' })
      .resolves({ FunctionVersion: '3', RoutingConfig: { AdditionalVersionWeights: { '4': 0.1 } } });
    lambda.on(GetAliasCommand, { FunctionName: 'same' }).resolves({ FunctionVersion: '5' });
    lambda.on(UpdateAliasCommand).resolves({});
    const lines = await rollbackAliases(new LambdaClient({}), { moved: '7', shifting: '3', same: '5' });
    expect(lines).toEqual(['moved:live moved 8 → 7', 'shifting:live moved 3 → 3', 'same:live already at 5']);
    const updates = lambda.commandCalls(UpdateAliasCommand).map((c) => c.args[0].input);
    expect(updates).toEqual([
      { FunctionName: 'moved', Name: 'live', FunctionVersion: '7', RoutingConfig: { AdditionalVersionWeights: {} } },
      { FunctionName: 'shifting', Name: 'live', FunctionVersion: '3', RoutingConfig: { AdditionalVersionWeights: {} } },
    ]);
  });
});

describe('parseSnapshot', () => {
  it('reads function name → version', () => {
    expect(parseSnapshot('{"f":"12"}')).toEqual({ f: '12' });
  });

  it.each([
    ['[]', /not an object/],
    ['null', /not an object/],
    ['{"f":"$LATEST"}', /f has no version number/],
    ['{"f":3}', /f has no version/],
  ])('refuses %s', (text, message) => expect(() => parseSnapshot(text)).toThrow(message));
});

describe('release commands', () => {
  const run = async (cli: typeof snapshotCli, argv: string[]) => {
    const lines: string[] = [];
    const code = await cli(argv, {
      print: (l) => lines.push(l),
      lambda: new LambdaClient({}),
      cloudFormation: new CloudFormationClient({}),
    });
    return { code, lines };
  };

  it('snapshot then rollback round-trips through the file', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'release-')), 'live.json');
    cfn.on(ListStackResourcesCommand).resolves({
      StackResourceSummaries: [
        {
          ResourceType: 'AWS::Lambda::Function',
          PhysicalResourceId: 'Preseed-dev-api',
          LogicalResourceId: 'A',
          ResourceStatus: 'UPDATE_COMPLETE',
          LastUpdatedTimestamp: new Date(),
        },
      ],
    });
    lambda.on(GetAliasCommand).resolvesOnce({ FunctionVersion: '4' }).resolves({ FunctionVersion: '5' });
    lambda.on(UpdateAliasCommand).resolves({});
    expect(await run(snapshotCli, ['--stage', 'dev', '--out', file])).toEqual({
      code: 0,
      lines: [`Recorded 1 live aliases of Preseed-dev in ${file}.`],
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ 'Preseed-dev-api': '4' });
    const back = await run(rollbackCli, ['--stage', 'dev', '--to', file]);
    expect(back.code).toBe(0);
    expect(back.lines[0]).toBe('Preseed-dev-api:live moved 5 → 4');
  });

  it('records an empty snapshot before a first deploy, and its rollback moves nothing', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'release-')), 'live.json');
    const missing = Object.assign(new Error('Stack with id Preseed-dev does not exist'), { name: 'ValidationError' });
    cfn.on(ListStackResourcesCommand).rejects(missing);
    expect(await run(snapshotCli, ['--stage', 'dev', '--out', file])).toEqual({
      code: 0,
      lines: [`Preseed-dev is not deployed yet: ${file} records no aliases (a rollback has nothing to move).`],
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({});
    expect(await run(rollbackCli, ['--stage', 'dev', '--to', file])).toEqual({
      code: 0,
      lines: [`${file} records no aliases (the stage's first deploy): nothing to move back.`],
    });
    expect(lambda.commandCalls(GetAliasCommand)).toHaveLength(0);
    expect(lambda.commandCalls(UpdateAliasCommand)).toHaveLength(0);
  });

  it('refuses a missing file name or a bad snapshot with exit 2', async () => {
    expect((await run(snapshotCli, ['--stage', 'dev'])).lines[0]).toMatch(/--out <file>/);
    const file = join(await mkdtemp(join(tmpdir(), 'release-')), 'bad.json');
    await writeFile(file, '[]');
    const bad = await run(rollbackCli, ['--stage', 'dev', '--to', file]);
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.lines[0]).toMatch(/not an object/);
    expect(lambda.commandCalls(UpdateAliasCommand)).toHaveLength(0);
  });
});
