import { describe, expect, it } from 'vitest';
import { cdkJsonContext, propertiesOf, synthStage } from './synth';

type FunctionProps = { Environment?: { Variables?: Record<string, unknown> } };

describe('AI automation URLs', () => {
  it('reach the functions as environment variables only when the stage configures them', () => {
    const context = cdkJsonContext() as { stages: Record<string, Record<string, unknown>> };
    const stages = {
      ...context.stages,
      dev: { ...context.stages.dev, aiWebhookUrls: { ideas: 'https://automation.example.com/ideas' } },
    };
    const { template } = synthStage('dev', { stages });
    const variables = propertiesOf<FunctionProps>(template, 'AWS::Lambda::Function').map(
      (f) => f.Environment?.Variables ?? {},
    );
    const withAi = variables.filter((v) => 'AI_IDEAS_URL' in v);
    expect(withAi.length).toBeGreaterThan(0);
    expect(withAi[0]).toMatchObject({ AI_IDEAS_URL: 'https://automation.example.com/ideas' });
    expect(variables.some((v) => 'AI_TRIGGER_SUGGESTIONS_URL' in v)).toBe(false);
  });
});
