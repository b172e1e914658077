/**
 * The shape of `/config.json`, the frontend's runtime configuration. CDK writes it
 * at deploy; the local server answers it from the running emulators. One build of
 * the frontend serves every environment.
 */
export interface RuntimeConfig {
  stage: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only locally: Amplify talks to cognito-local instead of Cognito. */
  userPoolEndpoint?: string;
  /** SRP in the cloud; cognito-local supports only USER_PASSWORD_AUTH. */
  authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  /** Base of the HTTP API; same origin (`/api`) both locally and behind CloudFront. */
  apiBase: string;
  /**
   * The realtime WebSocket: the WebSocket API's `wss://` URL in the cloud, a path on the same
   * origin (`/ws`) locally. Founders' sidebars listen on it for phase changes.
   */
  realtimeUrl: string;
  /** The one-time price shown on the landing and payment pages (the charge itself is Stripe's price id). */
  price: { amount: number; currency: string };
  /** Third-party support chat id; absent disables the widget (always absent locally and in tests). */
  supportChatId?: string;
  /**
   * `required` on stages whose API refuses coaches without an authenticator app (functions/lib/admin-mfa.ts):
   * the login page then guides such a coach through setting one up. Absent: not required.
   */
  adminMfa?: 'required';
}
