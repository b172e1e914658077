/**
 * Sends an API call's recorded DynamoDB requests again, one after another, with the handlers'
 * own client (functions/store/client.ts: same SDK, options, retries and keep-alive; the load
 * generator inherits the stack's endpoint and credentials from the environment). What this
 * costs is the floor of that call: the DynamoDB work it cannot do without, with none of ours.
 */
import * as dynamodb from '@aws-sdk/client-dynamodb';
import { ddb } from '../functions/store/client';
import type { RecordedRequest } from './load-plan';

type WireInput = Record<string, unknown>;
/** Any of them: each takes its own input type, which a recording (untyped data) can only be asserted to be. */
type CommandClass = new (input: never) => object;

/** A low-level command class by the name the SDK's context gives it (GetItemCommand, TransactWriteItemsCommand…). */
function commandClass(name: string): CommandClass | undefined {
  const exported: unknown = (dynamodb as Record<string, unknown>)[name];
  return name.endsWith('Command') && typeof exported === 'function' ? (exported as CommandClass) : undefined;
}

/** The document client sends low-level commands as they are (it marshals only its own). */
interface Sender {
  send(command: object): Promise<unknown>;
}

const isWireInput = (input: unknown): input is WireInput => typeof input === 'object' && input !== null;

/** A write whose condition no longer holds when replayed: DynamoDB did the round trip and said no. */
const REFUSALS = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException']);

export interface Replay {
  /** Sends the requests once, in order. */
  run(): Promise<void>;
  /** Requests DynamoDB refused on their condition so far (counted, not errors). */
  refused(): number;
}

/** Checks the recording once, up front, and answers a replay of it. */
export function replayer(requests: readonly RecordedRequest[]): Replay {
  const steps = requests.map(({ command, input }) => {
    const Command = commandClass(command);
    if (!Command || !isWireInput(input)) throw new Error(`cannot replay a DynamoDB ${command || 'request'}`);
    return { Command, input };
  });
  const client: Sender = ddb();
  let refused = 0;
  return {
    async run() {
      for (const { Command, input } of steps) {
        try {
          // The input was recorded from this very command, so it has the command's shape by construction.
          await client.send(new Command(input as never));
        } catch (err) {
          if (!(err instanceof Error && REFUSALS.has(err.name))) throw err;
          refused++;
        }
      }
    },
    refused: () => refused,
  };
}
