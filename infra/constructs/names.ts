import { Aws, Fn } from 'aws-cdk-lib';

/** `question-stats` → `QuestionStats`, for construct ids derived from contract names. */
export const pascalCase = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The last 12 hex digits of the stack's id, a UUID CloudFormation gives each creation of the stack: stable for
 * the stack's life, new after a delete or a failed first create. A retained resource with a name that ends in it
 * therefore never blocks the next create of the stack.
 */
export const creationSuffix = (): string => Fn.select(4, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
