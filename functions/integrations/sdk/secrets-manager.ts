/**
 * What ../secrets.ts uses of @aws-sdk/client-secrets-manager, loaded with `import()` on first use (see ../load-once.ts).
 * The integration imports this file rather than the package: esbuild keeps every export of a
 * dynamically imported module, and re-exporting only these keeps the rest of the client tree-shaken.
 */
export { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
