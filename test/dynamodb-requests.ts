/**
 * Counts the DynamoDB requests the shared document client sends, for the scale tests: a page must cost as many
 * requests with 5,000 founders as with 100. Counted in the SDK's middleware, so every command is seen, batched or not.
 */
import { ddb } from '../functions/store/client';

let requests = 0;
ddb().middlewareStack.add(
  (next) => async (args) => {
    requests++;
    return next(args);
  },
  { step: 'initialize', name: 'countDynamoDbRequests' },
);

/** The requests `run` sent while it ran, and what it returned. */
export async function countDynamoDbRequests<T>(run: () => Promise<T>): Promise<{ requests: number; result: T }> {
  const before = requests;
  const result = await run();
  return { requests: requests - before, result };
}
