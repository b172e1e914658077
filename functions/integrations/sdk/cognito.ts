/**
 * What ../cognito-users.ts and ../cognito-mfa.ts uses of @aws-sdk/client-cognito-identity-provider, loaded with `import()` on first use (see ../load-once.ts).
 * The integration imports this file rather than the package: esbuild keeps every export of a
 * dynamically imported module, and re-exporting only these keeps the rest of the client tree-shaken.
 */
export {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
