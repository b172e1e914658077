/**
 * What ../email.ts uses of @aws-sdk/client-sesv2, loaded with `import()` on first use (see ../load-once.ts).
 * The integration imports this file rather than the package: esbuild keeps every export of a
 * dynamically imported module, and re-exporting only these keeps the rest of the client tree-shaken.
 */
export { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
