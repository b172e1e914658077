/**
 * What ../cognito-users.ts, ../cognito-mfa.ts and ../../user-pool-export/export.ts use of @aws-sdk/client-cognito-identity-provider, loaded with `import()` on first use (see ../load-once.ts).
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
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
