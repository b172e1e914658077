/**
 * Request and response bodies of the HTTP API, shared with the frontend (types
 * only). Paths and methods live in routes.ts; this file says what travels.
 */
import type { OnboardingAnswers } from './domain/onboarding';
import type { PhaseFlags } from './domain/phases';
import type { Question, QuestionType } from './domain/questions';

export type { OnboardingAnswers, PhaseFlags, Question, QuestionType };

/** POST /api/auth/signup/start — the sign-up form; the password is checked against the policy before a code is sent. */
export interface SignupStartRequest {
  firstName: string;
  lastName: string;
  startupName: string;
  email: string;
  password: string;
}
export interface SignupStartResponse {
  email: string;
  /** The code is valid for this long (300 s). */
  expiresInSeconds: number;
  /** A new code can be requested after this long (60 s). */
  resendAfterSeconds: number;
}

/** POST /api/auth/signup/verify — the same data plus the emailed code. */
export interface SignupVerifyRequest extends SignupStartRequest {
  code: string;
}
export interface SignupVerifyResponse {
  userId: string;
}

export interface ProfileView {
  email: string;
  firstName: string;
  lastName: string;
  startupName: string;
  idea: string | null;
  paid: boolean;
  onboarding: OnboardingAnswers | null;
}

/** GET /api/me — who the caller is, their profile (null for administrators) and their phase flags. */
export interface MeResponse {
  userId: string;
  username: string;
  isAdmin: boolean;
  profile: ProfileView | null;
  phases: PhaseFlags;
}

/** PUT /api/me/onboarding */
export type SaveOnboardingRequest = OnboardingAnswers;

/** POST /api/payments/checkout — answers the hosted checkout page to send the browser to. */
export interface CheckoutResponse {
  sessionId: string;
  url: string;
}

/** POST /api/payments/verify */
export interface VerifyPaymentRequest {
  sessionId: string;
}
export interface VerifyPaymentResponse {
  paid: boolean;
}

/** Every error: `{ error, message, details? }`; 429s carry `details.retryAfterSeconds`. */
export interface ErrorBody {
  error: string;
  message: string;
  details?: unknown;
}

export interface PhaseProgress {
  answered: number;
  total: number;
  percent: number;
}

/** GET /api/dashboard — the founder's five cards and four progress bars, in one call. */
export interface DashboardResponse {
  progress: Record<QuestionType, PhaseProgress>;
  /** Validation tests the founder has started or finished. */
  validationTests: { count: number };
  documents: { count: number; lastUploadedAt: string | null };
}

/** PUT /api/idea — the chosen idea; saving it opens the trigger questions. */
export interface SaveIdeaRequest {
  idea: string;
}

export interface AnswerView {
  questionId: string;
  category: string;
  answers: string[];
  submittedAt: string;
  updatedAt: string;
}

/** GET /api/answers/{type} */
export interface AnswersResponse {
  answers: AnswerView[];
}

/** PUT /api/answers/{type}/{questionId} — the question's whole list of answers. */
export interface SaveAnswerRequest {
  answers: string[];
}
export interface SaveAnswerResponse {
  answer: AnswerView;
  progress: { answered: number; total: number; complete: boolean };
}

/** POST /api/idea/generate — the founder's description (≤ 2000) and optional text from an uploaded file. */
export interface GenerateIdeasRequest {
  text: string;
  context?: string;
}
export interface GenerateIdeasResponse {
  ideas: { title: string; description: string }[];
  source: 'webhook' | 'offline' | null;
  /** Set when the automation failed: 'Failed to generate idea. Please try again.' */
  error?: string;
}

/** GET /api/suggestions/{type} — the stored AI suggestions for a phase, or null (the UI then shows built-in examples). */
export interface SuggestionsResponse {
  suggestions: {
    sections: Record<string, string[]>;
    source: 'webhook' | 'offline' | 'failed';
    createdAt: string;
  } | null;
}

/** POST /api/admin/founders/{userId}/unlock — opens the phase after `phase` for that founder. */
export interface UnlockRequest {
  phase: QuestionType;
}
export interface UnlockResponse {
  userId: string;
  phase: QuestionType;
  /** False when the phase was already unlocked (unlocking twice is harmless). */
  changed: boolean;
  phases: PhaseFlags;
}

/** POST /api/admin/questions and PATCH /api/admin/questions/{type}/{questionId}. Optional texts: empty → null. */
export interface QuestionInput {
  /** Create only: a client-chosen UUID makes a retried create harmless. */
  id?: string;
  type: QuestionType;
  category: string;
  text: string;
  explanation?: string | null;
  example?: string | null;
  videoUrl?: string | null;
}
export interface QuestionResponse {
  question: Question;
}

/** GET /api/admin/stats — a few counters, never a scan of profiles or answers. */
export interface AdminStatsResponse {
  totalUsers: number;
  questions: Record<QuestionType, number>;
  /** Founders with at least one answer of the type. */
  started: Record<QuestionType, number>;
  /** Founders who answered every question of the type. */
  completed: Record<QuestionType, number>;
  /** completed / totalUsers in whole percent; 0 with no users. */
  completionRate: Record<QuestionType, number>;
}

export type ReviewState = 'pending' | 'unlocked';

export interface ReviewFounder {
  userId: string;
  /** First and last name; null when the profile has none (the UI shows its fallback). */
  name: string | null;
  email: string | null;
  totalAnswers: number;
  completedAt: string;
  unlockedAt: string | null;
}

/** GET /api/admin/review/{type}?state=pending|unlocked&cursor=… — 50 a page, newest completion last. */
export interface ReviewListResponse {
  founders: ReviewFounder[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  counts: Record<ReviewState, number>;
}

export interface ReviewAnswer {
  questionId: string;
  category: string;
  question: string;
  answers: string[];
  submittedAt: string;
}

/** GET /api/admin/founders/{userId}/answers/{type} — ordered by submission time. */
export interface ReviewAnswersResponse {
  answers: ReviewAnswer[];
}

export const FILE_CATEGORIES = ['pitch-deck', 'market-research', 'financial', 'legal', 'product', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
/** 10 MB (spec §9). */
export const MAX_FILE_BYTES = 10_485_760;

export interface FileView {
  id: string;
  name: string;
  category: FileCategory;
  size: number;
  contentType: string;
  uploadedAt: string;
}

/** GET /api/files?cursor=… — newest first, 50 a page. */
export interface FilesResponse {
  files: FileView[];
  nextCursor: string | null;
}

/** POST /api/files/uploads — asks for a presigned POST; the browser then uploads straight to S3. */
export interface StartUploadRequest {
  name: string;
  size: number;
  contentType: string;
  category: FileCategory;
}
export interface StartUploadResponse {
  /** POST the file as multipart form data to `url` with every field of `fields` first, the file last (`file`). */
  url: string;
  fields: Record<string, string>;
  key: string;
  maxBytes: number;
}

/** POST /api/files — after the upload: the server checks the stored object and records it. */
export interface ConfirmUploadRequest {
  key: string;
  name: string;
  category: FileCategory;
}
export interface ConfirmUploadResponse {
  file: FileView;
}

/** GET /api/files/{fileId}/download — a short-lived link that saves under the original name. */
export interface DownloadResponse {
  url: string;
  name: string;
}

export interface ValidationTestView {
  id: string;
  name: string;
  description: string;
  difficulty: 'easy' | 'medium' | 'hard';
  category: string;
  estimatedTime: string;
  steps: string[];
  status: 'not-started' | 'in-progress' | 'completed';
  progress: number;
  evaluation: { result: 'success' | 'partial' | 'failure' | 'not-evaluated'; notes: string | null } | null;
}

/** GET /api/validation-tests — the library with the founder's own state; deleted tests are left out. */
export interface ValidationTestsResponse {
  tests: ValidationTestView[];
}

/** PUT /api/validation-tests/{testId} — any of the fields; notes are dropped when blank. */
export interface UpdateValidationTestRequest {
  status?: ValidationTestView['status'];
  progress?: number;
  evaluation?: { result: NonNullable<ValidationTestView['evaluation']>['result']; notes?: string | null } | null;
}
export interface UpdateValidationTestResponse {
  test: ValidationTestView;
}
