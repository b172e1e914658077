import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import type { QuestionType } from '#shared/domain/questions';
import { TOOL_IDS, type ToolId } from '#shared/domain/tool-index';
import { ADMIN_TOOL_PAGES, PATHS, TOOL_PAGES } from '../lib/paths';
import { type PhaseEmbeds, PhaseEmbedsProvider } from '../lib/phase-embeds';
import { type ToolEmbeds, ToolEmbedsProvider } from '../lib/tool-embeds';
import { PageSpinner } from '../ui/Spinner';
import { AuthGuard } from './guards/AuthGuard';
import { PublicOnly } from './guards/PublicOnly';
import { RouteErrorPage } from './RouteErrorPage';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * The three admin question pages share one component (and one chunk), given the page's question type; each shows
 * the review of the founders who answered that type below its questions. The two features meet here, not in each
 * other.
 */
async function adminQuestionsPage(type: QuestionType) {
  const [{ AdminQuestionsPage }, { ReviewCard }, { ReviewFromLink }] = await Promise.all([
    import('../features/admin-questions/AdminQuestionsPage'),
    import('../features/admin-review/ReviewCard'),
    import('../features/admin-review/ReviewFromLink'),
  ]);
  const review = (
    <>
      <ReviewCard type={type} />
      <ReviewFromLink type={type} />
    </>
  );
  return { element: <AdminQuestionsPage type={type} review={review} /> };
}

/**
 * The coach's side of a phase page (review status, request for changes, the thread under each answer) comes from the
 * feedback and review-status features; the phase pages take them from here. Loaded with the page, as they were when
 * the pages imported them.
 */
async function phaseEmbeds(): Promise<PhaseEmbeds> {
  const [{ ReviewStatus }, { PhaseFeedbackBanner }, { AnswerFeedbackThread }] = await Promise.all([
    import('../features/review-status/ReviewStatus'),
    import('../features/feedback/PhaseFeedbackBanner'),
    import('../features/feedback/AnswerFeedbackThread'),
  ]);
  return { ReviewStatus, FeedbackBanner: PhaseFeedbackBanner, AnswerFeedback: AnswerFeedbackThread };
}

async function triggerQuestionsPage() {
  const [{ TriggerQuestionsPage }, embeds] = await Promise.all([
    import('../features/trigger-questions/TriggerQuestionsPage'),
    phaseEmbeds(),
  ]);
  return {
    element: (
      <PhaseEmbedsProvider embeds={embeds}>
        <TriggerQuestionsPage />
      </PhaseEmbedsProvider>
    ),
  };
}

type CanvasPageComponent = ComponentType<{ exportAction: ReactNode }>;

/** Both canvases offer the PDF export, a feature of its own. Each canvas page stays its own chunk. */
async function canvasPage(type: 'value-proposition' | 'business-model', loadPage: () => Promise<CanvasPageComponent>) {
  const [Page, { CanvasExport }, embeds] = await Promise.all([
    loadPage(),
    import('../features/canvas-export/CanvasExport'),
    phaseEmbeds(),
  ]);
  return {
    element: (
      <PhaseEmbedsProvider embeds={embeds}>
        <Page exportAction={<CanvasExport type={type} />} />
      </PhaseEmbedsProvider>
    ),
  };
}

/**
 * The ten Validate tools share one page component and one chunk (decision 024), given the tool. Its optional parts
 * (the export, a feature of its own; the history, suggestions and prefill; the sizing panel) are handed in here,
 * each its own chunk loaded with the page.
 */
async function toolPage(tool: ToolId) {
  const [
    { ValidateToolPage },
    embeds,
    { ToolExport },
    { ToolHistory },
    { ToolPrefill },
    { ToolSuggestions },
    { MarketSizingPanel },
  ] = await Promise.all([
    import('../features/validate-tools/ValidateToolPage'),
    phaseEmbeds(),
    import('../features/canvas-export/ToolExport'),
    import('../features/validate-tools/history/ToolHistory'),
    import('../features/validate-tools/prefill/ToolPrefill'),
    import('../features/validate-tools/suggestions/ToolSuggestions'),
    import('../ui/tool-sheet/MarketSizingPanel'),
  ]);
  const toolEmbeds: ToolEmbeds = {
    Export: ToolExport,
    History: ToolHistory,
    Prefill: ToolPrefill,
    Suggestions: ToolSuggestions,
    SizingPanel: MarketSizingPanel,
  };
  return {
    element: (
      <PhaseEmbedsProvider embeds={embeds}>
        <ToolEmbedsProvider embeds={toolEmbeds}>
          <ValidateToolPage tool={tool} />
        </ToolEmbedsProvider>
      </PhaseEmbedsProvider>
    ),
  };
}

/** The dashboard shows a card or notice from three other features: feedback, the founder brief and sharing. */
async function dashboardPage() {
  const [{ DashboardPage }, { FeedbackNotice }, { FounderBrief }, { DocumentsCard }] = await Promise.all([
    import('../features/dashboard/DashboardPage'),
    import('../features/feedback/FeedbackNotice'),
    import('../features/canvas-export/FounderBrief'),
    import('../features/sharing/DocumentsCard'),
  ]);
  return {
    element: (
      <DashboardPage
        feedbackNotice={<FeedbackNotice />}
        founderBrief={<FounderBrief />}
        DocumentsCard={DocumentsCard}
      />
    ),
  };
}

/**
 * Spec §2 route table. Each page is its own lazy chunk so the login page ships only what it needs;
 * pages still to be built by later issues fall through to the not-found page until they are added here.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        Component: PublicOnly,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).LandingPage }),
          },
          {
            path: PATHS.login,
            lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
          },
          {
            path: PATHS.signup,
            lazy: async () => ({ Component: (await import('../features/signup/SignupPage')).SignupPage }),
          },
        ],
      },
      // Public pages without a guard (spec §2 route table); each handles a signed-in or signed-out visitor itself.
      {
        path: PATHS.otpVerification,
        lazy: async () => ({
          Component: (await import('../features/signup/OtpVerificationPage')).OtpVerificationPage,
        }),
      },
      {
        path: PATHS.accountCreated,
        lazy: async () => ({
          Component: (await import('../features/signup/AccountCreatedPage')).AccountCreatedPage,
        }),
      },
      {
        path: PATHS.payment,
        lazy: async () => ({ Component: (await import('../features/payment/PaymentPage')).PaymentPage }),
      },
      {
        path: PATHS.paymentSuccess,
        lazy: async () => ({
          Component: (await import('../features/payment/PaymentSuccessPage')).PaymentSuccessPage,
        }),
      },
      {
        path: PATHS.accountDeleted,
        lazy: async () => ({ Component: (await import('../features/auth/AccountDeletedPage')).AccountDeletedPage }),
      },
      {
        path: PATHS.resetPassword,
        lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }),
      },
      {
        path: PATHS.onboarding,
        lazy: async () => ({ Component: (await import('../features/onboarding/OnboardingPage')).OnboardingPage }),
      },
      {
        path: PATHS.terms,
        lazy: async () => ({ Component: (await import('../features/legal/TermsPage')).TermsPage }),
      },
      {
        path: PATHS.privacy,
        lazy: async () => ({ Component: (await import('../features/legal/PrivacyPage')).PrivacyPage }),
      },
      // A share link's viewer page: public, no account, and (like the legal pages) no sign-in code loaded. The token
      // is in the fragment (`/share#<token>`); `/share/<token>`, the older links' form, still opens it.
      {
        path: `${PATHS.sharedFiles}/:token?`,
        lazy: async () => ({ Component: (await import('../features/sharing/SharedFilesPage')).SharedFilesPage }),
      },
      {
        Component: AuthGuard,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/AppShell')).AppShell }),
            children: [
              {
                path: PATHS.adminHome,
                lazy: async () => ({
                  Component: (await import('../features/admin-dashboard/AdminDashboardPage')).AdminDashboardPage,
                }),
              },
              { path: PATHS.adminTriggerQuestions, lazy: () => adminQuestionsPage('trigger') },
              { path: PATHS.adminValueProposition, lazy: () => adminQuestionsPage('value-proposition') },
              { path: PATHS.adminBusinessModel, lazy: () => adminQuestionsPage('business-model') },
              // A Validate tool's coach page is the same question page, given the tool's type (decision 024).
              ...TOOL_IDS.map((tool) => ({ path: ADMIN_TOOL_PAGES[tool], lazy: () => adminQuestionsPage(tool) })),
              {
                path: PATHS.adminFounders,
                lazy: async () => ({
                  Component: (await import('../features/founder-directory/FounderDirectoryPage')).FounderDirectoryPage,
                }),
              },
              {
                path: `${PATHS.adminFounders}/:userId`,
                lazy: async () => ({
                  Component: (await import('../features/founder-directory/FounderPage')).FounderPage,
                }),
              },
              {
                path: PATHS.account,
                lazy: async () => ({
                  Component: (await import('../features/account-settings/AccountSettingsPage')).AccountSettingsPage,
                }),
              },
              {
                path: PATHS.dashboard,
                lazy: dashboardPage,
              },
              {
                path: PATHS.dataRoom,
                lazy: async () => ({ Component: (await import('../features/data-room/DataRoomPage')).DataRoomPage }),
              },
              {
                path: PATHS.dataRoomSharing,
                lazy: async () => ({ Component: (await import('../features/sharing/SharingPage')).SharingPage }),
              },
              {
                path: PATHS.validationTests,
                lazy: async () => ({
                  Component: (await import('../features/validation-tests/ValidationTestsPage')).ValidationTestsPage,
                }),
              },
              {
                path: PATHS.testEvaluation,
                lazy: async () => ({
                  Component: (await import('../features/validation-tests/TestEvaluationPage')).TestEvaluationPage,
                }),
              },
              // One route per tool (TOOL_PAGES): an unknown /tools/<slug> falls through to the not-found page.
              ...TOOL_IDS.map((tool) => ({ path: TOOL_PAGES[tool], lazy: () => toolPage(tool) })),
              {
                path: PATHS.generateIdea,
                lazy: async () => ({
                  Component: (await import('../features/generate-idea/GenerateIdeaPage')).GenerateIdeaPage,
                }),
              },
              {
                path: PATHS.triggerQuestions,
                lazy: triggerQuestionsPage,
              },
              {
                path: PATHS.valueProposition,
                lazy: () =>
                  canvasPage(
                    'value-proposition',
                    async () => (await import('../features/canvas/ValuePropositionPage')).ValuePropositionPage,
                  ),
              },
              {
                path: PATHS.businessModel,
                lazy: () =>
                  canvasPage(
                    'business-model',
                    async () => (await import('../features/canvas/BusinessModelPage')).BusinessModelPage,
                  ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/not-found/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
