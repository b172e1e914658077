/**
 * Key design of the single DynamoDB table. Every key is built here, nowhere else.
 *
 * | item                | PK                  | SK                              | notes |
 * |---------------------|---------------------|---------------------------------|-------|
 * | profile             | USER#<sub>          | PROFILE                         | names, email, startupName, idea, paid, email-sent flags, createdAt; data-room usage (dataRoomFiles, dataRoomBytes) |
 * | phase flags         | USER#<sub>          | PHASES                          | generate_idea / trigger / value_proposition / bmc status; version |
 * | answer              | USER#<sub>          | ANSWER#<type>#<questionId>      | answers: string[], submittedAt, category |
 * | phase progress      | USER#<sub>          | PROGRESS#<type>                 | distinct answered count; GSI1 partition by state (below) |
 * | AI suggestions      | USER#<sub>          | SUGGEST#<phase>                 | per-section lists |
 * | data-room file      | USER#<sub>          | FILE#<fileId>                   | fileId = <uploadedAt ms, 13 digits>-<hash>; name, key, category, size; countedInQuota |
 * | validation test run | USER#<sub>          | TEST#<testId>                   | status, progress, evaluation, notes |
 * | question            | QUESTIONS#<type>    | Q#<id>                          | category, text, explanation, example, videoUrl, createdAt, order |
 * | counters            | STATS               | <name>                          | users, started/completed per type, questions per type |
 * | sign-up code        | SIGNUP#<email>      | OTP                             | hash, expiresAt (TTL), resendAfter, attempts, username |
 * | sign-up user        | SIGNUP#<email>      | USER                            | the Cognito username a verified sign-up created; gone once the account is complete |
 * | payment             | USER#<sub>          | PAYMENT#<checkoutSessionId>     | one per paid checkout session, whoever records it first |
 * | checkout attempt    | USER#<sub>          | CHECKOUT                        | attempt number, the open session's id and url (reused by a second Pay Now) |
 * | webhook receipt     | STRIPE#<eventId>    | RECEIPT                         | idempotency of payment events |
 * | rate limit          | RATE#<name>         | HITS                            | times of the last allowed hits, version; TTL after the window |
 * | realtime connection | USER#<sub>          | WS#<connectionId>               | connectedAt; TTL after API Gateway's 2-hour limit |
 * | connection owner    | WS#<connectionId>   | OWNER                           | userId, so $disconnect finds the founder; same TTL |
 *
 * GSI1 (GSI1PK / GSI1SK): every progress item sits in one partition by state — `REVIEW#<type>#PENDING` or
 * `REVIEW#<type>#UNLOCKED` (complete; the admin review lists, by completedAt) or `PROGRESS#<type>#OPEN`
 * (started, not complete) — so a question-set change can revisit every founder of a type without a Scan.
 * TTL attribute: `expiresAt` (epoch seconds).
 */
import type { QuestionType } from '#shared/domain/questions';

export const TABLE_KEYS = { pk: 'PK', sk: 'SK', gsi1pk: 'GSI1PK', gsi1sk: 'GSI1SK', ttl: 'expiresAt' } as const;
export const GSI1 = 'GSI1';

export interface Key {
  PK: string;
  SK: string;
}

const USER_PREFIX = 'USER#';
const PROGRESS_PREFIX = 'PROGRESS#';
const user = (sub: string) => `${USER_PREFIX}${sub}`;

export const keys = {
  profile: (sub: string): Key => ({ PK: user(sub), SK: 'PROFILE' }),
  phases: (sub: string): Key => ({ PK: user(sub), SK: 'PHASES' }),
  answer: (sub: string, type: QuestionType, questionId: string): Key => ({
    PK: user(sub),
    SK: `ANSWER#${type}#${questionId}`,
  }),
  answerPrefix: (type: QuestionType) => `ANSWER#${type}#`,
  userPrefix: USER_PREFIX,
  progress: (sub: string, type: QuestionType): Key => ({ PK: user(sub), SK: `${PROGRESS_PREFIX}${type}` }),
  progressPrefix: PROGRESS_PREFIX,
  suggestions: (sub: string, phase: string): Key => ({ PK: user(sub), SK: `SUGGEST#${phase}` }),
  file: (sub: string, fileId: string): Key => ({ PK: user(sub), SK: `FILE#${fileId}` }),
  filePrefix: 'FILE#',
  testRun: (sub: string, testId: string): Key => ({ PK: user(sub), SK: `TEST#${testId}` }),
  testRunPrefix: 'TEST#',
  questionPartition: (type: QuestionType) => `QUESTIONS#${type}`,
  question: (type: QuestionType, id: string): Key => ({ PK: `QUESTIONS#${type}`, SK: `Q#${id}` }),
  questionPrefix: 'Q#',
  stat: (name: string): Key => ({ PK: 'STATS', SK: name }),
  signupCode: (email: string): Key => ({ PK: `SIGNUP#${email.toLowerCase()}`, SK: 'OTP' }),
  signupUser: (email: string): Key => ({ PK: `SIGNUP#${email.toLowerCase()}`, SK: 'USER' }),
  payment: (sub: string, sessionId: string): Key => ({ PK: user(sub), SK: `PAYMENT#${sessionId}` }),
  checkout: (sub: string): Key => ({ PK: user(sub), SK: 'CHECKOUT' }),
  stripeReceipt: (eventId: string): Key => ({ PK: `STRIPE#${eventId}`, SK: 'RECEIPT' }),
  rateLimit: (name: string): Key => ({ PK: `RATE#${name}`, SK: 'HITS' }),
  connection: (sub: string, connectionId: string): Key => ({ PK: user(sub), SK: `WS#${connectionId}` }),
  connectionPrefix: 'WS#',
  connectionOwner: (connectionId: string): Key => ({ PK: `WS#${connectionId}`, SK: 'OWNER' }),
  reviewPartition: (type: QuestionType, state: 'PENDING' | 'UNLOCKED') => `REVIEW#${type}#${state}`,
  /** GSI1 partition of founders who started a type but have not answered every question. */
  openPartition: (type: QuestionType) => `PROGRESS#${type}#OPEN`,
  userIdFromPk: (pk: string): string => pk.replace(/^USER#/, ''),
} as const;

/** Names of the STATS counters. */
export const stats = {
  users: 'USERS',
  /** Founders with at least one answer of the type. */
  started: (type: QuestionType) => `STARTED#${type}`,
  /** Founders who answered every question of the type, by review state (completed = pending + unlocked). */
  pending: (type: QuestionType) => `PENDING#${type}`,
  unlocked: (type: QuestionType) => `UNLOCKED#${type}`,
  questionCount: (type: QuestionType) => `QUESTIONS#${type}`,
} as const;
