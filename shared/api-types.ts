/**
 * Named types of what travels over the HTTP API, for code that wants a name rather than a route id.
 * Every one is derived from the contract's schemas (contract.ts, shared/contract/*), never written
 * twice: change a schema and these follow. Paths and methods live in routes.ts.
 */
import type * as z from 'zod';
import type { RequestBody, ResponseBody } from './contract';
import type { fileView } from './contract/dataroom';
import type { answerView, phaseProgress } from './contract/journey';
import type { REVIEW_STATES, reviewAnswer, reviewFounder } from './contract/review';
import type { validationTestView } from './contract/validation';
import type { OnboardingAnswers } from './domain/onboarding';
import type { PhaseFlags } from './domain/phases';
import type { Question, QuestionType } from './domain/questions';

export type { ErrorBody } from './contract';
export { FILE_CATEGORIES, type FileCategory, MAX_FILE_BYTES } from './domain/data-room';
export type { OnboardingAnswers, PhaseFlags, Question, QuestionType };

export type SignupStartRequest = RequestBody<'accounts.signupStart'>;
export type SignupStartResponse = ResponseBody<'accounts.signupStart'>;
export type SignupVerifyRequest = RequestBody<'accounts.signupVerify'>;
export type SignupVerifyResponse = ResponseBody<'accounts.signupVerify'>;
export type MeResponse = ResponseBody<'accounts.me'>;
export type ProfileView = NonNullable<MeResponse['profile']>;
export type SaveOnboardingRequest = OnboardingAnswers;

export type CheckoutResponse = ResponseBody<'payments.checkout'>;
export type VerifyPaymentRequest = RequestBody<'payments.verify'>;
export type VerifyPaymentResponse = ResponseBody<'payments.verify'>;

export type PhaseProgress = z.infer<typeof phaseProgress>;
export type DashboardResponse = ResponseBody<'journey.dashboard'>;
export type SaveIdeaRequest = RequestBody<'journey.saveIdea'>;
export type AnswerView = z.infer<typeof answerView>;
export type AnswersResponse = ResponseBody<'journey.listAnswers'>;
export type SaveAnswerRequest = RequestBody<'journey.saveAnswer'>;
export type SaveAnswerResponse = ResponseBody<'journey.saveAnswer'>;
export type GenerateIdeasRequest = RequestBody<'journey.generateIdeas'>;
export type GenerateIdeasResponse = ResponseBody<'journey.generateIdeas'>;
export type SuggestionsResponse = ResponseBody<'journey.suggestions'>;
export type ToolPrefillResponse = ResponseBody<'journey.toolPrefill'>;

export type UnlockRequest = RequestBody<'review.unlock'>;
export type UnlockResponse = ResponseBody<'review.unlock'>;
export type QuestionInput = RequestBody<'questions.create'>;
export type QuestionResponse = ResponseBody<'questions.create'>;
export type AdminStatsResponse = ResponseBody<'review.stats'>;
export type ReviewState = (typeof REVIEW_STATES)[number];
export type ReviewFounder = z.infer<typeof reviewFounder>;
export type ReviewListResponse = ResponseBody<'review.list'>;
export type ReviewAnswer = z.infer<typeof reviewAnswer>;
export type ReviewAnswersResponse = ResponseBody<'review.answers'>;
export type PhaseFeedback = ResponseBody<'feedback.coachPhase'>;
export type AnswerFeedback = ResponseBody<'feedback.coachSaveAnswerFeedback'>;
export type FeedbackOverview = ResponseBody<'feedback.founderOverview'>;
export type SaveFeedbackRequest = RequestBody<'feedback.coachSaveAnswerFeedback'>;
export type RequestChangesResponse = ResponseBody<'feedback.coachRequestChanges'>;

export type FileView = z.infer<typeof fileView>;
export type FilesResponse = ResponseBody<'dataroom.list'>;
export type StartUploadRequest = RequestBody<'dataroom.startUpload'>;
export type StartUploadResponse = ResponseBody<'dataroom.startUpload'>;
export type ConfirmUploadRequest = RequestBody<'dataroom.confirmUpload'>;
export type ConfirmUploadResponse = ResponseBody<'dataroom.confirmUpload'>;
export type DownloadResponse = ResponseBody<'dataroom.download'>;

export type ValidationTestView = z.infer<typeof validationTestView>;
export type ValidationTestsResponse = ResponseBody<'validation.list'>;
export type UpdateValidationTestRequest = RequestBody<'validation.update'>;
export type UpdateValidationTestResponse = ResponseBody<'validation.update'>;
export type CustomTestFields = RequestBody<'validation.editCustom'>;
export type CreateCustomTestRequest = RequestBody<'validation.createCustom'>;
