/**
 * The error code of a request made with a session whose account was deleted (401): the API answers it once the
 * profile is gone and the deletion's record is found (functions/lib/http.ts), and the app signs that browser out
 * and says the account was deleted (frontend/src/lib/session-refused.ts) — never the payment page.
 */
export const ACCOUNT_DELETED_ERROR = 'AccountDeleted';
