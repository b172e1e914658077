/**
 * The integration files whose assertions hold only while the emulators keep up — hundreds of saves at once, a
 * DynamoDB stall measured against the SDK's timeout, a whole stack killed and restarted — run last. `npm test` runs
 * the other projects beside integration (test/run-vitest.ts), and those are done by then, so these files get the
 * machine the way they had it when they ran alone. Vitest's own order (slowest first, from its cache) otherwise
 * starts with them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** In the order they run, at the end. */
export const LOAD_SENSITIVE_FILES = [
  'functions/http/review-queue-scale.int.test.ts',
  'test/faults.int.test.ts',
  'test/stream-restart.int.test.ts',
  'test/concurrency-feedback.int.test.ts',
  'test/concurrency.int.test.ts',
] as const;

const rankOf = (spec: TestSpecification): number =>
  LOAD_SENSITIVE_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));

export class LoadSensitiveLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = sorted.filter((spec) => rankOf(spec) >= 0).sort((a, b) => rankOf(a) - rankOf(b));
    return [...sorted.filter((spec) => rankOf(spec) < 0), ...last];
  }
}
