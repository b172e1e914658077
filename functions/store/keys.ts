/**
 * Key design of the single DynamoDB table. Every key is built here, nowhere else.
 *
 * | item                | PK                  | SK                              | notes |
 * |---------------------|---------------------|---------------------------------|-------|
 * | profile             | USER#<sub>          | PROFILE                         | names, email, startupName, idea, paid, email-sent flags, createdAt; data-room usage (dataRoomFiles, dataRoomBytes); sessionsValidAfter (epoch s: sessions that began at or before it are over) |
 * | phase flags         | USER#<sub>          | PHASES                          | generate_idea / trigger / value_proposition / bmc status; version |
 * | answer              | USER#<sub>          | ANSWER#<type>#<questionId>      | answers: string[], submittedAt, category |
 * | answer history      | USER#<sub>          | ANSWERHIST#<type>#<questionId>  | times of the question's kept versions, oldest first (≤ ANSWER_HISTORY_LIMIT), version: the versions' index |
 * | answer version      | USER#<sub>          | ANSWERVER#<type>#<questionId>#<at> | one kept state of a question's answers: answers, category, deleted; written with the change itself |
 * | phase progress      | USER#<sub>          | PROGRESS#<type>                 | distinct answered count; GSI1 partition by state (below) |
 * | AI suggestions      | USER#<sub>          | SUGGEST#<phase>                 | per-section lists |
 * | data-room file      | USER#<sub>          | FILE#<fileId>                   | fileId = <uploadedAt ms, 13 digits>-<hash>; name, key, category, size; countedInQuota |
 * | validation test run | USER#<sub>          | TEST#<testId>                   | started, checkedSteps, status, progress, results, evaluation, deleted(At); a founder's own test (testId custom-<uuid>) also holds its definition: custom plan, name, steps, stepsRev |
 * | custom test count   | USER#<sub>          | CUSTOMTESTS                     | count of the founder's own tests, removed ones included (CUSTOM_TEST_LIMIT) |
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
 * | share link          | USER#<sub>          | SHARELINK#<linkId>              | label, scope (fileIds/files or category), expiresAt, passcodeHash, requireEmail, tokenHash, revokedAt, views, downloads, lastViewedAt, notifiedAt |
 * | share token         | SHARE#<tokenHash>   | LINK                            | ownerSub, linkId: how a viewer's token finds its link (only the token's SHA-256 is stored); after the owner's account deletion only ownerDeleted: true, TTL (SHARE_TOMBSTONE_DAYS) — no personal data |
 * | share viewer session| SHARESESSION#<hash> | SESSION                         | ownerSub, linkId, viewerEmail; TTL at the session's end (a passcode is entered once per session) |
 * | share log           | USER#<sub>          | SHARELOG#<LINK#id|FILE#id|ALL>#<at>#<n> | kind (view/open/download), linkId, linkLabel, fileId, fileName, viewerEmail: one event under each of its lists |
 * | share reading       | USER#<sub>          | SHAREREAD#<linkId>#<fileId>#<sessionHash> | one viewer session's reading of one shared file: fileName, viewerEmail, pageCount, pages (page → seconds), totalSeconds, firstAtMs, lastAt, lastSeq, version (functions/store/share-reading.ts) |
 * | share reading clock | USER#<sub>          | SHARECLOCK#<linkId>#<viewer>    | the seconds one viewer (SHA-256 of the link and client address) may still claim, for all their sessions and files: allowance, atMs, version; TTL a day after the last beacon |
 * | directory entry     | USER#<sub>          | DIRECTORY                       | the coaches' founder directory: names, email, startup, paid, phase and review status, answered per type, lastActivityAt, normalised search text; GSI1 `DIRECTORY#<nn>` (the sub's shard) by lastActivityAt (functions/store/directory.ts) |
 * | deleted account     | DELETEDACCOUNT#<SHA-256 of sub> | DELETED                 | the account was deleted: its still-valid tokens are told so (401 AccountDeleted) instead of meeting a missing profile; TTL a day later |
 * | coach session       | COACH#<sub>         | SESSION                         | sessionsValidAfter (epoch s: the coach's sessions that began at or before it are over), mfaSince (when the API first saw the coach's authenticator app) — functions/lib/admin-mfa.ts |
 * | download audit      | DOWNLOADAUDIT#<sub> | <at>#<coachSub>#<fileId>        | a coach downloaded one of the founder's files: coachSub, founderSub, fileId, fileName, at; its own partition, so it outlives an account deletion until its TTL (DOWNLOAD_AUDIT_RETENTION_DAYS) |
 * | answer feedback     | USER#<sub>          | FEEDBACK#<type>#Q#<questionId>  | coach's rating 1–5, verdict, comment, authorSub, version, replies[], resolved |
 * | phase review        | USER#<sub>          | FEEDBACK#<type>#PHASE           | coach's summary, change-request message and time, authorSub |
 * | outbox event        | USER#<sub>, or OUTBOX#<id> | OUTBOX#<id>, or EVENT     | a domain event written in the transaction of the change it announces: detailType, detail (JSON); the table's stream carries it to EventBridge (functions/streams/table-changes.ts); TTL a day later. An event about a founder (its detail's userId) sits in their partition, so their account's deletion removes it; any other has a partition of its own |
 * | consumed event      | CONSUMED#<consumer>#<id> | CLAIM                      | a consumer's claim on one outbox event (state working/done, leaseUntil): a repeated delivery has no second effect; TTL a week later |
 * | idempotency record  | USER#<sub>          | IDEMPOTENCY#<routeId>#<key>     | one keyed save (the Idempotency-Key header) of the caller: requestHash, then the answer it gave (status, body); written in the save's own transaction, so it exists exactly when the save committed; TTL a day later (functions/store/idempotency.ts) |
 *
 * GSI1 (GSI1PK / GSI1SK): every progress item sits in one partition by state — `REVIEW#<type>#PENDING`,
 * `REVIEW#<type>#CHANGES` (a coach asked for changes) or `REVIEW#<type>#UNLOCKED` (complete; the admin
 * review lists and the coaches' review queue, by completedAt) or `PROGRESS#<type>#OPEN`
 * (started, not complete) — so a question-set change can revisit every founder of a type without a Scan.
 * Directory entries sit in GSI1 partitions `DIRECTORY#00` … `DIRECTORY#15` (DIRECTORY_SHARDS; the shard is a hash of the
 * sub, so it never changes), sorted by `<lastActivityAt>#<sub>`: the coaches' founder directory reads every shard and
 * merges them newest activity first. One partition took every founder's refresh and passed 30 % of DynamoDB's
 * 1,000 WCU/s per partition at 1,000,000 founders (docs/capacity.md); entries written before the shards (GSI1PK
 * `DIRECTORY`) move to their shard on the founder's next write.
 * TTL attribute: `expiresAt` (epoch seconds).
 */
import { createHash } from 'node:crypto';
import { GSI1, TABLE_KEYS } from '#shared/deploy-names';
import type { QuestionType } from '#shared/domain/questions';

export { GSI1, TABLE_KEYS };

export interface Key {
  PK: string;
  SK: string;
}

const USER_PREFIX = 'USER#';

/**
 * GSI1 partitions the founder directory is spread over. Fixed: a page reads every shard (one Query each), so its
 * requests stay constant as founders grow; 16 keeps the hottest shard under 30 % of a partition's write limit at
 * 1,000,000 founders under the activity profile of shared/capacity-profile.ts.
 */
export const DIRECTORY_SHARDS = 16;

/** FNV-1a of the sub: cheap, stable across runtimes, and even enough over random UUIDs. */
export function directoryShardOf(sub: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < sub.length; i++) {
    hash ^= sub.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % DIRECTORY_SHARDS;
}

const directoryShard = (shard: number) => `DIRECTORY#${String(shard).padStart(2, '0')}`;
const PROGRESS_PREFIX = 'PROGRESS#';
const OUTBOX_PREFIX = 'OUTBOX#';
const user = (sub: string) => `${USER_PREFIX}${sub}`;

export const keys = {
  profile: (sub: string): Key => ({ PK: user(sub), SK: 'PROFILE' }),
  phases: (sub: string): Key => ({ PK: user(sub), SK: 'PHASES' }),
  answer: (sub: string, type: QuestionType, questionId: string): Key => ({
    PK: user(sub),
    SK: `ANSWER#${type}#${questionId}`,
  }),
  answerPrefix: (type: QuestionType) => `ANSWER#${type}#`,
  answerHistory: (sub: string, type: QuestionType, questionId: string): Key => ({
    PK: user(sub),
    SK: `ANSWERHIST#${type}#${questionId}`,
  }),
  answerVersion: (sub: string, type: QuestionType, questionId: string, at: string): Key => ({
    PK: user(sub),
    SK: `ANSWERVER#${type}#${questionId}#${at}`,
  }),
  answerVersionPrefix: (type: QuestionType) => `ANSWERVER#${type}#`,
  userPrefix: USER_PREFIX,
  progress: (sub: string, type: QuestionType): Key => ({ PK: user(sub), SK: `${PROGRESS_PREFIX}${type}` }),
  progressPrefix: PROGRESS_PREFIX,
  suggestions: (sub: string, phase: string): Key => ({ PK: user(sub), SK: `SUGGEST#${phase}` }),
  file: (sub: string, fileId: string): Key => ({ PK: user(sub), SK: `FILE#${fileId}` }),
  filePrefix: 'FILE#',
  testRun: (sub: string, testId: string): Key => ({ PK: user(sub), SK: `TEST#${testId}` }),
  testRunPrefix: 'TEST#',
  customTestCount: (sub: string): Key => ({ PK: user(sub), SK: 'CUSTOMTESTS' }),
  questionPartition: (type: QuestionType) => `QUESTIONS#${type}`,
  question: (type: QuestionType, id: string): Key => ({ PK: `QUESTIONS#${type}`, SK: `Q#${id}` }),
  questionPrefix: 'Q#',
  stat: (name: string): Key => ({ PK: 'STATS', SK: name }),
  signupCode: (email: string): Key => ({ PK: `SIGNUP#${email.toLowerCase()}`, SK: 'OTP' }),
  signupUser: (email: string): Key => ({ PK: `SIGNUP#${email.toLowerCase()}`, SK: 'USER' }),
  payment: (sub: string, sessionId: string): Key => ({ PK: user(sub), SK: `PAYMENT#${sessionId}` }),
  paymentPrefix: 'PAYMENT#',
  checkout: (sub: string): Key => ({ PK: user(sub), SK: 'CHECKOUT' }),
  stripeReceipt: (eventId: string): Key => ({ PK: `STRIPE#${eventId}`, SK: 'RECEIPT' }),
  rateLimit: (name: string): Key => ({ PK: `RATE#${name}`, SK: 'HITS' }),
  connection: (sub: string, connectionId: string): Key => ({ PK: user(sub), SK: `WS#${connectionId}` }),
  connectionPrefix: 'WS#',
  connectionOwner: (connectionId: string): Key => ({ PK: `WS#${connectionId}`, SK: 'OWNER' }),
  reviewPartition: (type: QuestionType, state: 'PENDING' | 'UNLOCKED' | 'CHANGES') => `REVIEW#${type}#${state}`,
  // Coach feedback: one item per answered question, one per phase (summary, change request).
  feedback: (sub: string, type: QuestionType, questionId: string): Key => ({
    PK: user(sub),
    SK: `FEEDBACK#${type}#Q#${questionId}`,
  }),
  feedbackPrefix: (type: QuestionType) => `FEEDBACK#${type}#Q#`,
  phaseReview: (sub: string, type: QuestionType): Key => ({ PK: user(sub), SK: `FEEDBACK#${type}#PHASE` }),
  /** GSI1 partition of founders who started a type but have not answered every question. */
  openPartition: (type: QuestionType) => `PROGRESS#${type}#OPEN`,
  shareLink: (sub: string, linkId: string): Key => ({ PK: user(sub), SK: `SHARELINK#${linkId}` }),
  shareLinkPrefix: 'SHARELINK#',
  shareToken: (tokenHash: string): Key => ({ PK: `SHARE#${tokenHash}`, SK: 'LINK' }),
  /** Keyed by the sub's hash: the record says an account was deleted without naming it in clear. */
  deletedAccount: (sub: string): Key => ({
    PK: `DELETEDACCOUNT#${createHash('sha256').update(sub, 'utf8').digest('base64url')}`,
    SK: 'DELETED',
  }),
  shareSession: (sessionHash: string): Key => ({ PK: `SHARESESSION#${sessionHash}`, SK: 'SESSION' }),
  /** One share event's sort key in a list: per link, per file or all of the founder's (newest last by key). */
  shareLogPrefix: (list: { linkId: string } | { fileId: string } | 'all') =>
    list === 'all'
      ? 'SHARELOG#ALL#'
      : 'linkId' in list
        ? `SHARELOG#LINK#${list.linkId}#`
        : `SHARELOG#FILE#${list.fileId}#`,
  shareReading: (sub: string, linkId: string, fileId: string, sessionHash: string): Key => ({
    PK: user(sub),
    SK: `SHAREREAD#${linkId}#${fileId}#${sessionHash}`,
  }),
  shareReadingClock: (sub: string, linkId: string, viewer: string): Key => ({
    PK: user(sub),
    SK: `SHARECLOCK#${linkId}#${viewer}`,
  }),
  /** Every reading record of one link (all its files and sessions). */
  shareReadingPrefix: (linkId: string) => `SHAREREAD#${linkId}#`,
  userIdFromPk: (pk: string): string => pk.replace(/^USER#/, ''),
  // The founder directory (functions/store/directory.ts): one entry per founder, in its sub's GSI1 shard.
  directory: (sub: string): Key => ({ PK: user(sub), SK: 'DIRECTORY' }),
  /** The GSI1 partition of directory shard `shard` (0 … DIRECTORY_SHARDS − 1). */
  directoryShard,
  directoryPartitionOf: (sub: string) => directoryShard(directoryShardOf(sub)),
  downloadAudit: (sub: string, at: string, coachSub: string, fileId: string): Key => ({
    PK: `DOWNLOADAUDIT#${sub}`,
    SK: `${at}#${coachSub}#${fileId}`,
  }),
  downloadAuditPartition: (sub: string) => `DOWNLOADAUDIT#${sub}`,
  coachSession: (sub: string): Key => ({ PK: `COACH#${sub}`, SK: 'SESSION' }),
  // A founder's event beside the founder's items its transaction writes anyway (and deletes with them); any other
  // event its own partition: announcing never makes a hot key, whatever the write rate.
  outbox: (id: string, founder?: string): Key =>
    founder ? { PK: user(founder), SK: `${OUTBOX_PREFIX}${id}` } : { PK: `${OUTBOX_PREFIX}${id}`, SK: 'EVENT' },
  consumed: (consumer: string, eventId: string): Key => ({ PK: `CONSUMED#${consumer}#${eventId}`, SK: 'CLAIM' }),
  // In the caller's partition: the stored answer is their data, so deleting the account deletes it (decision 031);
  // scoped by the route too, so one key sent to two routes names two saves.
  idempotency: (sub: string, routeId: string, key: string): Key => ({
    PK: user(sub),
    SK: `IDEMPOTENCY#${routeId}#${key}`,
  }),
} as const;

/** Names of the STATS counters. */
export const stats = {
  users: 'USERS',
  /** Founders with at least one answer of the type. */
  started: (type: QuestionType) => `STARTED#${type}`,
  /** Founders who answered every question of the type, by review state (completed = pending + unlocked). */
  pending: (type: QuestionType) => `PENDING#${type}`,
  unlocked: (type: QuestionType) => `UNLOCKED#${type}`,
  /** Complete founders a coach sent back for changes (the third review list). */
  changes: (type: QuestionType) => `CHANGES#${type}`,
  /** Sum and number of coach ratings (1–5) of the type's answers: the average without reading them. */
  ratingSum: (type: QuestionType) => `RATING_SUM#${type}`,
  ratingCount: (type: QuestionType) => `RATING_COUNT#${type}`,
  questionCount: (type: QuestionType) => `QUESTIONS#${type}`,
} as const;
