import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import type { QuestionType } from '../../../functions/domain/questions';
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
  const [{ AdminQuestionsPage }, { ReviewCard }] = await Promise.all([
    import('../features/admin-questions/AdminQuestionsPage'),
    import('../features/admin-review/ReviewCard'),
  ]);
  return { element: <AdminQuestionsPage type={type} review={<ReviewCard type={type} />} /> };
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
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('../features/signup/SignupPage')).SignupPage }),
          },
        ],
      },
      // Public pages without a guard (spec §2 route table); each handles a signed-in or signed-out visitor itself.
      {
        path: 'otp-verification',
        lazy: async () => ({
          Component: (await import('../features/signup/OtpVerificationPage')).OtpVerificationPage,
        }),
      },
      {
        path: 'account-created',
        lazy: async () => ({
          Component: (await import('../features/signup/AccountCreatedPage')).AccountCreatedPage,
        }),
      },
      {
        path: 'payment',
        lazy: async () => ({ Component: (await import('../features/payment/PaymentPage')).PaymentPage }),
      },
      {
        path: 'payment-success',
        lazy: async () => ({
          Component: (await import('../features/payment/PaymentSuccessPage')).PaymentSuccessPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }),
      },
      {
        path: 'onboarding',
        lazy: async () => ({ Component: (await import('../features/onboarding/OnboardingPage')).OnboardingPage }),
      },
      {
        path: 'terms',
        lazy: async () => ({ Component: (await import('../features/legal/TermsPage')).TermsPage }),
      },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('../features/legal/PrivacyPage')).PrivacyPage }),
      },
      {
        Component: AuthGuard,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/AppShell')).AppShell }),
            children: [
              {
                path: 'admin-home',
                lazy: async () => ({
                  Component: (await import('../features/admin-dashboard/AdminDashboardPage')).AdminDashboardPage,
                }),
              },
              { path: 'admin-trigger-questions', lazy: () => adminQuestionsPage('trigger') },
              { path: 'admin-value-proposition', lazy: () => adminQuestionsPage('value-proposition') },
              { path: 'admin-business-model', lazy: () => adminQuestionsPage('business-model') },
              {
                path: 'dashboard',
                lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }),
              },
              {
                path: 'data-room',
                lazy: async () => ({ Component: (await import('../features/data-room/DataRoomPage')).DataRoomPage }),
              },
              {
                path: 'validation-tests',
                lazy: async () => ({
                  Component: (await import('../features/validation-tests/ValidationTestsPage')).ValidationTestsPage,
                }),
              },
              {
                path: 'test-evaluation',
                lazy: async () => ({
                  Component: (await import('../features/test-evaluation/TestEvaluationPage')).TestEvaluationPage,
                }),
              },
              {
                path: 'generate-idea',
                lazy: async () => ({
                  Component: (await import('../features/generate-idea/GenerateIdeaPage')).GenerateIdeaPage,
                }),
              },
              {
                path: 'trigger-questions',
                lazy: async () => ({
                  Component: (await import('../features/trigger-questions/TriggerQuestionsPage')).TriggerQuestionsPage,
                }),
              },
              {
                path: 'value-proposition',
                lazy: async () => ({
                  Component: (await import('../features/value-proposition/ValuePropositionPage')).ValuePropositionPage,
                }),
              },
              {
                path: 'business-model',
                lazy: async () => ({
                  Component: (await import('../features/business-model/BusinessModelPage')).BusinessModelPage,
                }),
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
