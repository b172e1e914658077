/** The CloudTrail check: a trail must record Cognito's management writes in the stage's Region (decision 032). */
import {
  DescribeTrailsCommand,
  GetEventSelectorsCommand,
  GetTrailStatusCommand,
  TrailNotFoundException,
} from '@aws-sdk/client-cloudtrail';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, healthyAws, TRAIL_ARN, testStage } from '../testing/preflight-fixture';
import type { PreflightContext } from './check';
import { checkManagementTrail } from './trail-checks';

function setup(overrides: Parameters<typeof testStage>[0] = {}) {
  const stage = testStage(overrides);
  const aws = healthyAws(stage);
  const ctx: PreflightContext = {
    stage,
    phase: 'before-first-deploy',
    clients: aws.preflightClients,
    secret: () => Promise.reject(new Error('no secret is read')),
  };
  return { ...aws, ctx };
}

const regional = (region: string, name = 'regional') => ({
  Name: name,
  TrailARN: `arn:aws:cloudtrail:${region}:${ACCOUNT}:trail/${name}`,
  HomeRegion: region,
  IsMultiRegionTrail: false,
});

describe('CloudTrail management events', () => {
  it('passes with a multi-Region trail that logs every management event, shadow trails included in the ask', async () => {
    const { ctx, mocks } = setup();
    expect(await checkManagementTrail(ctx)).toEqual({
      name: 'CloudTrail management events',
      status: 'pass',
      detail: 'trail management-events records management write events in eu-central-1',
    });
    expect(mocks.cloudTrail.commandCalls(DescribeTrailsCommand)[0]?.args[0].input).toEqual({
      includeShadowTrails: true,
    });
    expect(mocks.cloudTrail.commandCalls(GetTrailStatusCommand)[0]?.args[0].input).toEqual({ Name: TRAIL_ARN });
  });

  it('passes with a write-only trail whose home is the stage’s Region', async () => {
    const { ctx, mocks } = setup();
    mocks.cloudTrail.on(DescribeTrailsCommand).resolves({ trailList: [regional('eu-central-1')] });
    mocks.cloudTrail
      .on(GetEventSelectorsCommand)
      .resolves({ EventSelectors: [{ ReadWriteType: 'WriteOnly', IncludeManagementEvents: true }] });
    expect((await checkManagementTrail(ctx)).status).toBe('pass');
  });

  it('fails on production, and warns elsewhere, when no trail covers the Region, with how to make one', async () => {
    const { ctx, mocks } = setup();
    // A single-Region trail elsewhere records nothing of the stage's Region.
    mocks.cloudTrail.on(DescribeTrailsCommand).resolves({ trailList: [regional('us-east-1')] });
    const result = await checkManagementTrail(ctx);
    expect(result).toMatchObject({
      status: 'fail',
      detail: 'no trail records eu-central-1: deleting, disabling or signing out a user in Cognito ends no session',
      fix: expect.stringContaining('CloudTrail console > Trails > Create trail'),
    });
    const dev = setup({ name: 'dev', production: false });
    dev.mocks.cloudTrail.on(DescribeTrailsCommand).resolves({ trailList: [] });
    expect((await checkManagementTrail(dev.ctx)).status).toBe('warn');
  });

  it('fails a covering trail whose logging is off', async () => {
    const { ctx, mocks } = setup();
    mocks.cloudTrail.on(GetTrailStatusCommand).resolves({ IsLogging: false });
    expect(await checkManagementTrail(ctx)).toMatchObject({
      status: 'fail',
      detail: 'no trail covering eu-central-1 records them (management-events: its logging is off)',
    });
  });

  it.each([
    ['read-only basic selectors', { EventSelectors: [{ ReadWriteType: 'ReadOnly', IncludeManagementEvents: true }] }],
    ['data events only', { EventSelectors: [{ ReadWriteType: 'All', IncludeManagementEvents: false }] }],
    [
      'advanced selectors for data events',
      { AdvancedEventSelectors: [{ FieldSelectors: [{ Field: 'eventCategory', Equals: ['Data'] }] }] },
    ],
    [
      'advanced selectors for read-only management events',
      {
        AdvancedEventSelectors: [
          {
            FieldSelectors: [
              { Field: 'eventCategory', Equals: ['Management'] },
              { Field: 'readOnly', Equals: ['true'] },
            ],
          },
        ],
      },
    ],
    [
      'advanced selectors that leave Cognito out',
      {
        AdvancedEventSelectors: [
          {
            FieldSelectors: [
              { Field: 'eventCategory', Equals: ['Management'] },
              { Field: 'eventSource', NotEquals: ['cognito-idp.amazonaws.com'] },
            ],
          },
        ],
      },
    ],
    [
      'advanced selectors for another source only',
      {
        AdvancedEventSelectors: [
          {
            FieldSelectors: [
              { Field: 'eventCategory', Equals: ['Management'] },
              { Field: 'eventSource', Equals: ['s3.amazonaws.com'] },
            ],
          },
        ],
      },
    ],
  ])('fails a trail with %s', async (_what, selectors) => {
    const { ctx, mocks } = setup();
    mocks.cloudTrail.on(GetEventSelectorsCommand).resolves(selectors as never);
    expect(await checkManagementTrail(ctx)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining("its selectors leave out Cognito's management write events"),
    });
  });

  it.each([
    ['every management event', [{ Field: 'eventCategory', Equals: ['Management'] }]],
    [
      'management writes',
      [
        { Field: 'eventCategory', Equals: ['Management'] },
        { Field: 'readOnly', Equals: ['false'] },
      ],
    ],
    [
      'Cognito’s management events',
      [
        { Field: 'eventCategory', Equals: ['Management'] },
        { Field: 'eventSource', Equals: ['cognito-idp.amazonaws.com'] },
      ],
    ],
  ])('passes advanced selectors for %s', async (_what, fields) => {
    const { ctx, mocks } = setup();
    mocks.cloudTrail.on(GetEventSelectorsCommand).resolves({ AdvancedEventSelectors: [{ FieldSelectors: fields }] });
    expect((await checkManagementTrail(ctx)).status).toBe('pass');
  });

  it('passes when any one covering trail qualifies, after one that does not', async () => {
    const { ctx, mocks } = setup();
    const off = regional('eu-central-1', 'off');
    mocks.cloudTrail.on(DescribeTrailsCommand).resolves({
      trailList: [off, { Name: 'management-events', TrailARN: TRAIL_ARN, IsMultiRegionTrail: true }],
    });
    mocks.cloudTrail.on(GetTrailStatusCommand, { Name: off.TrailARN }).resolves({ IsLogging: false });
    expect(await checkManagementTrail(ctx)).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('management-events'),
    });
  });

  it('warns, not fails, when only an organization trail covers the Region and a member account cannot read it', async () => {
    const { ctx, mocks } = setup();
    mocks.cloudTrail.on(DescribeTrailsCommand).resolves({
      trailList: [
        {
          Name: 'org',
          TrailARN: 'arn:aws:cloudtrail:us-east-1:999988887777:trail/org',
          IsMultiRegionTrail: true,
          IsOrganizationTrail: true,
        },
      ],
    });
    mocks.cloudTrail
      .on(GetTrailStatusCommand)
      .rejects(new TrailNotFoundException({ message: 'not found', $metadata: {} }));
    expect(await checkManagementTrail(ctx)).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('org: its settings cannot be read here (TrailNotFoundException)'),
      fix: expect.stringContaining("organization's management account"),
    });
  });

  it('fails an unreadable trail of the account itself', async () => {
    const { ctx, mocks } = setup();
    mocks.cloudTrail
      .on(GetEventSelectorsCommand)
      .rejects(new TrailNotFoundException({ message: 'gone', $metadata: {} }));
    expect((await checkManagementTrail(ctx)).status).toBe('fail');
  });
});
