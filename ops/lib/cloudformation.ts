/** How CloudFormation answers a call about a stack that is not deployed (yet): the tools treat it as "no stack". */
export function isStackMissing(err: unknown): boolean {
  return err instanceof Error && err.name === 'ValidationError' && /does not exist/.test(err.message);
}
