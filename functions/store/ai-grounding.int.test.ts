/**
 * A prompt holds one founder's material only. Two founders with distinctive words in every record a prompt may
 * quote (setup answers, idea, trigger and Value Proposition answers) sit in the same table; every operation's prompt
 * for founder A, built from A's grounding as the handlers read it, quotes A's words and none of B's. The same holds
 * for the request the Bedrock adapter sends (its client mocked: there is no Bedrock emulator).
 */
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, setPhases, type TestUser } from '../../test/helpers';
import { createBedrockAutomations } from '../integrations/ai/bedrock';
import { AI_OPERATIONS } from '../integrations/ai/port';
import { PROMPTS } from '../integrations/ai/prompts/index';
import { readGrounding } from './ai-grounding';

interface Founder {
  user: TestUser;
  /** The words only this founder wrote, one per record. */
  words: { setup: string; idea: string; trigger: string; valueProposition: string };
}

async function questionIds(token: string, type: string): Promise<string[]> {
  const res = await api<{ questions: { id: string }[] }>('GET', `/api/questions/${type}`, { token });
  return res.body.questions.map((q) => q.id);
}

async function founder(tag: string): Promise<Founder> {
  const user = await createUser();
  const words = {
    setup: `Setupword${tag}`,
    idea: `Ideaword${tag}`,
    trigger: `Triggerword${tag}`,
    valueProposition: `Vpword${tag}`,
  };
  const onboarding = {
    startupName: `Startup ${tag}`,
    businessType: 'saas',
    stage: 'idea',
    industry: 'tech',
    customerType: 'b2b',
    description: `We help ${words.setup} teams`,
    teamSize: 'solo',
    fundingStatus: 'bootstrapped',
    website: null,
  };
  expect((await api('PUT', '/api/me/onboarding', { token: user.token, body: onboarding })).status).toBe(200);
  expect(
    (await api('PUT', '/api/idea', { token: user.token, body: { idea: `Invoices for ${words.idea} firms` } })).status,
  ).toBe(200);
  const [trigger] = await questionIds(user.token, 'trigger');
  const save = (type: string, id: string | undefined, answer: string) =>
    api('PUT', `/api/answers/${type}/${id}`, { token: user.token, body: { answers: [answer] } });
  expect((await save('trigger', trigger, `They chase ${words.trigger} payments`)).status).toBe(200);
  await setPhases(user.sub, { trigger_questions_status: true });
  const [vp] = await questionIds(user.token, 'value-proposition');
  expect((await save('value-proposition', vp, `Automatic ${words.valueProposition} reminders`)).status).toBe(200);
  return { user, words };
}

const mock = mockClient(BedrockRuntimeClient);
let a: Founder;
let b: Founder;

beforeAll(async () => {
  process.env.AWS_REGION ??= 'eu-central-1';
  [a, b] = await Promise.all([founder('Alpha'), founder('Bravo')]);
}, 60_000);
afterAll(() => mock.restore());

/** Which of a founder's words each operation quotes: its setup always, the idea and earlier phases once given. */
const QUOTED = {
  ideas: ['setup'],
  trigger: ['setup', 'idea'],
  valueProposition: ['setup', 'idea', 'trigger'],
  businessModel: ['setup', 'idea', 'trigger', 'valueProposition'],
} as const;

describe("a prompt holds one founder's material only", () => {
  for (const operation of AI_OPERATIONS) {
    it(`${operation}: founder A's grounding quotes A's words and none of B's`, async () => {
      const grounding = await readGrounding(a.user.sub, operation);
      // As the handlers call them: trigger suggestions get the saved idea as their text.
      const prompt = PROMPTS[operation](operation === 'trigger' ? (grounding.idea ?? '') : 'Invoices', grounding);
      const text = `${prompt.system}\n${prompt.user}`;
      for (const record of QUOTED[operation]) expect(text, record).toContain(a.words[record]);
      for (const word of Object.values(b.words)) expect(text).not.toContain(word);
      expect(text).not.toContain('Startup Bravo');
      // The coach-authored questions of the phase the suggestions serve are quoted too.
      if (operation !== 'ideas') expect(grounding.target?.questions.length).toBeGreaterThan(0);
    });
  }

  it("the request the Bedrock adapter sends for A holds none of B's words", async () => {
    mock.on(ConverseCommand).resolves({
      $metadata: {},
      stopReason: 'end_turn',
      output: { message: { role: 'assistant', content: [{ text: '{"keyPartners": ["Banks"]}' }] } },
    });
    const ai = createBedrockAutomations({ modelId: 'eu.amazon.nova-lite-v1:0', kind: 'consumer' });
    const outcome = await ai.businessModelSuggestions('Automatic reminders', () =>
      readGrounding(a.user.sub, 'businessModel'),
    );
    expect(outcome).toMatchObject({ ok: true, source: 'bedrock', value: { 'Key Partners': ['Banks'] } });
    const input = mock.commandCalls(ConverseCommand)[0]?.args[0].input as ConverseCommandInput;
    const sent = JSON.stringify(input);
    for (const word of Object.values(a.words)) expect(sent).toContain(word);
    for (const word of Object.values(b.words)) expect(sent).not.toContain(word);
  });
});
