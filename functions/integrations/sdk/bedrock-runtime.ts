/**
 * What ../ai/bedrock.ts uses of @aws-sdk/client-bedrock-runtime, loaded with `import()` on first use (see
 * ../load-once.ts): only the functions that call the model pay for its module, and only when they call it.
 */
export { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
