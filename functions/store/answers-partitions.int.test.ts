/**
 * What an answer save's transaction touches (docs/capacity.md): a new answer checks its question at commit, since it
 * counts towards progress; an edit does not, so edits from every founder at once never meet on the question bank's
 * one partition key. The store runs in this process, so its transactions are seen on the wire in the SDK's
 * middleware, against DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAnswers, QuestionMissingError, saveAnswers } from './answers';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { deleteQuestion, putQuestion } from './questions';

type Wire = Record<string, Record<string, unknown>>;
const transactions: Wire[][] = [];
const WATCHER = 'answersPartitionsWatcher';
const founder = `answers-partitions-${randomUUID()}`;
let questionId = '';

beforeAll(async () => {
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand') {
        transactions.push((args.input as { TransactItems: Wire[] }).TransactItems);
      }
      return next(args);
    },
    { step: 'build', name: WATCHER },
  );
  // A founder's writes hold only while their profile exists (store/account-guard.ts).
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.profile(founder), createdAt: new Date().toISOString() } }),
  );
  // A question of its own, so deleting it touches no other test's bank.
  const { question } = await putQuestion({
    type: 'trigger',
    category: 'Customer Jobs',
    text: 'A question only this file answers',
    explanation: null,
    example: null,
    videoUrl: null,
  });
  questionId = question.id;
});
afterAll(async () => {
  ddb().middlewareStack.remove(WATCHER);
  // Takes the founder off the open list and the started counter again, so no other test counts them.
  await deleteAnswers(founder, 'trigger', questionId);
  await deleteQuestion('trigger', questionId);
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.profile(founder) }));
});

/** The transactions a save made, each as `<action> <PK>` per item. */
async function save(text: string): Promise<string[][]> {
  transactions.length = 0;
  await saveAnswers(founder, 'trigger', questionId, [text]);
  return transactions.map((items) =>
    items.map((item) => {
      const [action, op] = Object.entries(item)[0] ?? ['', {}];
      const key = (op as { Key?: Wire; Item?: Wire }).Key ?? (op as { Item?: Wire }).Item;
      return `${action} ${String((key?.PK as { S?: string } | undefined)?.S)}`;
    }),
  );
}

describe('answer saves and the question bank partition', () => {
  it("checks the question when the answer is new, and an edit writes only the founder's partition", async () => {
    const first = await save('first');
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('ConditionCheck QUESTIONS#trigger');

    const edit = await save('edited');
    expect(edit).toHaveLength(1);
    expect(edit[0]?.length).toBeGreaterThan(0);
    expect(edit[0]?.every((item) => item.endsWith(`USER#${founder}`))).toBe(true);
  });

  it('still refuses an edit once the question is deleted, and writes nothing', async () => {
    await save('before the delete');
    expect(await deleteQuestion('trigger', questionId)).toBe(true);
    transactions.length = 0;
    await expect(saveAnswers(founder, 'trigger', questionId, ['after'])).rejects.toThrow(QuestionMissingError);
    expect(transactions).toHaveLength(0);
  });
});
