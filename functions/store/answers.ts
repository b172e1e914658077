/**
 * Answers (USER#<sub> / ANSWER#<type>#<questionId>) and the progress item that counts
 * them (USER#<sub> / PROGRESS#<type>). Both change in one transaction, guarded by the
 * count read just before, so concurrent saves never lose a count: a save that races
 * another is cancelled and tried again with fresh numbers.
 */
import { type PhaseFlag, unlockFlagOf } from '#shared/domain/phases';
import { type Category, isPhaseType, type QuestionType } from '#shared/domain/questions';
import { builtInQuestion, questionTotal } from '#shared/domain/tool-questions';
import { AccountClosedError, profileExists } from './account-guard';
import { changeTime, historyWrites } from './answer-history';
import { batchGetAll } from './batch-get';
import { tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { replayingCommittedSave } from './idempotency';
import { keys, stats } from './keys';
import { namedError } from './named-error';
import { announce } from './outbox';
import { isComplete, partitionOf, progressFromItem, progressTransition } from './progress-state';
import { queryAll } from './query';
import { toQuestion } from './questions';
import { retryOnConflict } from './retry';
import { type TransactItem, transact } from './writes';

export interface StoredAnswer {
  questionId: string;
  category: Category;
  answers: string[];
  submittedAt: string;
  updatedAt: string;
}

export interface ProgressAfterWrite {
  answered: number;
  total: number;
  /** True only for the write that first made the founder complete this type. */
  completedNow: boolean;
}

/** The question is gone (a coach removed it); `type` and `questionId` name it in the refusal. */
export class QuestionMissingError extends namedError('QuestionMissingError') {
  constructor(
    readonly type: QuestionType,
    readonly questionId: string,
  ) {
    super(`No question ${questionId}`);
  }
}

/** The founder's phase flag that opens this type is not set. */
export class PhaseLockedError extends namedError('PhaseLockedError') {
  constructor(
    readonly type: QuestionType,
    flag: string,
  ) {
    super(`${flag} is not set`);
  }
}

/** What a write needs to hold before it happens: the flag that opens the type (checked in the same read). */
export interface WriteGate {
  requires?: PhaseFlag;
}

const MAX_ATTEMPTS = 40;

/**
 * Everything a write decides on, in one request: the answer, the progress, the question count,
 * the phase flags (the gate and the unlock state) and the question itself.
 */
async function readState(sub: string, type: QuestionType, questionId: string, gate: WriteGate) {
  const answerKey = keys.answer(sub, type, questionId);
  const progressKey = keys.progress(sub, type);
  const statKey = keys.stat(stats.questionCount(type));
  const phasesKey = keys.phases(sub);
  const questionKey = keys.question(type, questionId);
  const historyKey = keys.answerHistory(sub, type, questionId);
  const items = await batchGetAll(tableName(), [answerKey, progressKey, statKey, phasesKey, questionKey, historyKey], {
    consistentRead: true,
  });
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  const phases = find(phasesKey);
  if (gate.requires && phases?.[gate.requires] !== true) throw new PhaseLockedError(type, gate.requires);
  const progressItem = find(progressKey);
  const total = find(statKey)?.value;
  const questionItem = find(questionKey);
  const unlockFlag = unlockFlagOf(type);
  return {
    answer: find(answerKey),
    history: find(historyKey),
    progressItem,
    progress: progressFromItem(progressItem),
    total: questionTotal(type, typeof total === 'number' ? total : 0),
    unlocked: unlockFlag !== null && phases?.[unlockFlag] === true,
    question: builtInQuestion(type, questionId) ?? (questionItem ? toQuestion(type, questionItem) : null),
  };
}

/**
 * Saves the answers of one question (its category is read from the question itself); throws
 * PhaseLockedError when the gate's flag is not set and QuestionMissingError when the question is gone.
 */
export async function saveAnswers(
  sub: string,
  type: QuestionType,
  questionId: string,
  answers: string[],
  gate: WriteGate = {},
  clock: () => Date = () => new Date(),
): Promise<{ answer: StoredAnswer; progress: ProgressAfterWrite }> {
  return retryOnConflict(
    async () => {
      const state = await readState(sub, type, questionId, gate);
      // Each attempt's own time: a retry that reused the first attempt's would be kept before a save it followed.
      const now = changeTime(state.history, state.answer, clock());
      const question = state.question;
      if (!question) throw new QuestionMissingError(type, questionId);
      const isNew = !state.answer;
      const answered = state.progress.answered + (isNew ? 1 : 0);
      const partition = partitionOf(answered, state.total, state.unlocked);
      const completedNow = isComplete(partition) && !isComplete(state.progress.partition);
      // A founder a coach sent back returns to Pending with any save, an edit of an existing answer included.
      const moves = isNew || (state.progress.partition === 'CHANGES' && partition !== 'CHANGES');
      const answer: StoredAnswer = {
        questionId: question.id,
        category: question.category,
        answers,
        submittedAt: typeof state.answer?.submittedAt === 'string' ? state.answer.submittedAt : now,
        // Rebuilding a committed save's lost answer: the stored answer is this very save, with its own time.
        updatedAt:
          replayingCommittedSave() && typeof state.answer?.updatedAt === 'string' ? state.answer.updatedAt : now,
      };
      // A new answer counts towards progress, so the question must still exist when it commits. An edit counts
      // nothing (the read above found the question): checking it too would put every save of every founder on the
      // question bank's one partition key, 100 % of its write limit at 1,000,000 founders (docs/capacity.md).
      // A tool's built-in field is defined in code and cannot be removed: only a stored question is checked.
      const guard: TransactItem[] =
        moves && !builtInQuestion(type, question.id)
          ? [
              {
                ConditionCheck: {
                  TableName: tableName(),
                  Key: keys.question(type, question.id),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
            ]
          : [];
      const items: TransactItem[] = [
        ...guard,
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.answer(sub, type, question.id), type, ...answer },
            // Guards the "new answer" decision the count depends on.
            ConditionExpression: isNew ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)',
          },
        },
        ...historyWrites({
          sub,
          type,
          questionId: question.id,
          category: question.category,
          previous: state.answer,
          index: state.history,
          answers,
          now,
        }),
        ...(moves
          ? progressTransition(
              sub,
              type,
              { item: state.progressItem, progress: state.progress },
              { answered, partition, unlocked: state.unlocked },
              now,
            )
          : []),
        // A Validate tool completed emails nobody and unlocks nothing: only a reviewed phase announces it.
        ...(completedNow && isPhaseType(type) ? [announce('PhaseCompleted', { userId: sub, phase: type })] : []),
        profileExists(sub),
      ];
      await transact(items, (codes) => {
        if (guard.length && codes[0] === CONDITION_FAILED) throw new QuestionMissingError(type, question.id);
        if (codes.at(-1) === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
        return undefined;
      });
      return { answer, progress: { answered, total: state.total, completedNow } };
    },
    { what: 'The answer could not be saved', attempts: MAX_ATTEMPTS },
  );
}

/** Deletes every answer of one question; false when there was none. */
export async function deleteAnswers(
  sub: string,
  type: QuestionType,
  questionId: string,
  gate: WriteGate = {},
  clock: () => Date = () => new Date(),
): Promise<boolean> {
  return retryOnConflict(
    async () => {
      const state = await readState(sub, type, questionId, gate);
      if (!state.answer) return false;
      const now = changeTime(state.history, state.answer, clock());
      const answered = Math.max(0, state.progress.answered - 1);
      await transact(
        [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.answer(sub, type, questionId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          ...historyWrites({
            sub,
            type,
            questionId,
            category: String(state.answer.category ?? ''),
            previous: state.answer,
            index: state.history,
            answers: null,
            now,
          }),
          ...progressTransition(
            sub,
            type,
            { item: state.progressItem, progress: state.progress },
            {
              answered,
              partition: partitionOf(answered, state.total, state.unlocked),
              unlocked: state.unlocked,
            },
            now,
          ),
          profileExists(sub),
        ],
        (codes) => {
          if (codes.at(-1) === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
          return undefined;
        },
      );
      return true;
    },
    { what: 'The answer could not be deleted', attempts: MAX_ATTEMPTS },
  );
}

export async function listAnswers(sub: string, type: QuestionType): Promise<StoredAnswer[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.answerPrefix(type) },
  });
  return items
    .map((i) => ({
      questionId: String(i.questionId),
      category: i.category as Category,
      answers: Array.isArray(i.answers) ? i.answers.map(String) : [],
      submittedAt: String(i.submittedAt ?? ''),
      updatedAt: String(i.updatedAt ?? ''),
    }))
    .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
}
