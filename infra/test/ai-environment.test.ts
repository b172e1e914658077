import { describe, expect, it } from 'vitest';
import { AI_MODEL_ENV } from '../../functions/integrations/ai/index';
import { parseStages } from '../stages';
import { cdkJsonContext, propertiesOf, synthStage } from './synth';

type FunctionProps = { Environment?: { Variables?: Record<string, unknown> } };
interface Statement {
  Action: string | string[];
  Resource: unknown;
}
type Stages = Record<string, Record<string, unknown>>;

const stagesWith = (dev: Record<string, unknown>): Stages => {
  const { stages } = cdkJsonContext() as { stages: Stages };
  return { ...stages, dev: { ...stages.dev, ...dev } };
};

const variablesOf = (stages: Stages) =>
  propertiesOf<FunctionProps>(synthStage('dev', { stages }).template, 'AWS::Lambda::Function').map(
    (f) => f.Environment?.Variables ?? {},
  );

/** Every IAM statement that allows a Bedrock action, with its resources as the template writes them. */
function bedrockStatements(stages: Stages): { actions: string[]; resources: string[] }[] {
  const { template } = synthStage('dev', { stages });
  return propertiesOf<{ PolicyDocument: { Statement: Statement[] } }>(template, 'AWS::IAM::Policy')
    .flatMap((policy) => policy.PolicyDocument.Statement)
    .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('bedrock:')))
    .map((statement) => ({
      actions: [statement.Action].flat(),
      resources: [statement.Resource].flat().map((resource) => JSON.stringify(resource)),
    }));
}

describe('AI automation URLs', () => {
  it('reach the functions as environment variables only when the stage configures them', () => {
    const variables = variablesOf(stagesWith({ aiWebhookUrls: { ideas: 'https://automation.example.com/ideas' } }));
    const withAi = variables.filter((v) => 'AI_IDEAS_URL' in v);
    expect(withAi.length).toBeGreaterThan(0);
    expect(withAi[0]).toMatchObject({ AI_IDEAS_URL: 'https://automation.example.com/ideas' });
    expect(variables.some((v) => 'AI_TRIGGER_SUGGESTIONS_URL' in v)).toBe(false);
  });
});

describe('the Bedrock model', () => {
  it('is the cloud default: every stage in cdk.json names a geographic inference profile and its Regions', () => {
    for (const [name, stage] of Object.entries(parseStages(cdkJsonContext().stages))) {
      expect(stage.bedrock, name).toMatchObject({ modelId: expect.stringMatching(/^eu\.amazon\.nova-lite-v1:0$/) });
      expect(stage.bedrock ? stage.bedrock.profileRegions : [], name).toContain(stage.region);
    }
  });

  it('reaches the functions as AI_BEDROCK_MODEL_ID, and not at all when the stage sets none', () => {
    const withModel = variablesOf(stagesWith({}));
    expect(withModel.filter((v) => v[AI_MODEL_ENV] === 'eu.amazon.nova-lite-v1:0').length).toBeGreaterThan(0);
    expect(variablesOf(stagesWith({ bedrock: false })).some((v) => AI_MODEL_ENV in v)).toBe(false);
  });

  it('may be invoked on the profile and its foundation model in each listed Region only, by the ai area and suggestions', () => {
    const statements = bedrockStatements(stagesWith({}));
    // One statement per function that calls the model: the ai area and the suggestions consumer.
    expect(statements).toHaveLength(2);
    for (const { actions, resources } of statements) {
      expect(actions).toEqual(['bedrock:InvokeModel']);
      expect(resources.every((resource) => !/\*/.test(resource))).toBe(true);
      expect(resources).toHaveLength(5);
      expect(resources.filter((resource) => resource.includes(':inference-profile/'))).toEqual([
        '{"Fn::Join":["",["arn:aws:bedrock:eu-central-1:",{"Ref":"AWS::AccountId"},":inference-profile/eu.amazon.nova-lite-v1:0"]]}',
      ]);
      for (const region of ['eu-central-1', 'eu-north-1', 'eu-west-1', 'eu-west-3']) {
        expect(
          resources.some((resource) => resource.includes(`:bedrock:${region}::foundation-model/amazon.nova-lite-v1:0`)),
        ).toBe(true);
      }
    }
  });

  it('of a foundation model id is allowed in the stage Region alone', () => {
    const statements = bedrockStatements(stagesWith({ bedrock: { modelId: 'amazon.nova-micro-v1:0' } }));
    expect(statements.map((s) => s.resources)).toEqual([
      [expect.stringMatching(/:bedrock:eu-central-1::foundation-model\/amazon\.nova-micro-v1:0"$/)],
      [expect.stringMatching(/:bedrock:eu-central-1::foundation-model\/amazon\.nova-micro-v1:0"$/)],
    ]);
  });

  it('grants nothing when the stage has no model', () => {
    expect(bedrockStatements(stagesWith({ bedrock: false }))).toEqual([]);
  });
});
