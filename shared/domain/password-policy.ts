/**
 * One password policy for the Cognito pool (CDK) and our own checks: cognito-local
 * does not enforce a policy, so the API checks it before creating a user.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

/** Returns the unmet rules as sentences a person can act on; empty when the password is acceptable. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength)
    problems.push(`Password must be at least ${PASSWORD_POLICY.minLength} characters long.`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password))
    problems.push('Password must contain a lowercase letter.');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password))
    problems.push('Password must contain an uppercase letter.');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('Password must contain a number.');
  return problems;
}
