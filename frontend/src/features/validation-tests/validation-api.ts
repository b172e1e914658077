/**
 * The founder's validation tests (the library with the founder's own status, progress and evaluation) and the two
 * ways to change them: update (start, complete, evaluate) and delete. Shared by Validation Tests and Test Evaluation,
 * so both pages read and write one cache entry.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateValidationTestRequest, ValidationTestView } from '#shared/api-types';
import { ApiError, apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { journeyKeys } from '../../lib/journey/journey-api';

export type { UpdateValidationTestRequest, ValidationTestView };
export type TestStatus = ValidationTestView['status'];
export type EvaluationResult = NonNullable<ValidationTestView['evaluation']>['result'];

export const validationKeys = {
  tests: (sub: string) => ['validation-tests', sub] as const,
};

export function fetchValidationTests(signal?: AbortSignal): Promise<ValidationTestView[]> {
  return apiFetch('validation.list', signal ? { signal } : {}).then((r) => r.tests);
}

export function updateValidationTest(testId: string, body: UpdateValidationTestRequest): Promise<ValidationTestView> {
  return apiFetch('validation.update', {
    params: { testId },
    body,
  }).then((r) => r.test);
}

export function deleteValidationTest(testId: string): Promise<void> {
  return apiFetch('validation.delete', { params: { testId } });
}

/** The server's reason when the founder may not use validation tests yet (403: the phase is not unlocked). */
export function lockedReason(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 && error.message ? error.message : null;
}

function useSub(): string {
  return useAuth().user?.sub ?? '';
}

export function useValidationTests() {
  const sub = useSub();
  return useQuery({
    queryKey: validationKeys.tests(sub),
    queryFn: ({ signal }) => fetchValidationTests(signal),
    enabled: sub !== '',
  });
}

/** Saves a change of one test; the server's answer replaces it in the cached list. */
export function useUpdateValidationTest() {
  const client = useQueryClient();
  const sub = useSub();
  return useMutation({
    mutationFn: ({ testId, body }: { testId: string; body: UpdateValidationTestRequest }) =>
      updateValidationTest(testId, body),
    onSuccess: (test) => {
      client.setQueryData<ValidationTestView[]>(validationKeys.tests(sub), (tests) =>
        tests?.map((t) => (t.id === test.id ? test : t)),
      );
      void client.invalidateQueries({ queryKey: journeyKeys.dashboard(sub) });
    },
  });
}

/** Removes a test from the founder's list (on the server, then in the cache). */
export function useDeleteValidationTest() {
  const client = useQueryClient();
  const sub = useSub();
  return useMutation({
    mutationFn: (testId: string) => deleteValidationTest(testId),
    onSuccess: (_, testId) => {
      client.setQueryData<ValidationTestView[]>(validationKeys.tests(sub), (tests) =>
        tests?.filter((t) => t.id !== testId),
      );
      void client.invalidateQueries({ queryKey: journeyKeys.dashboard(sub) });
    },
  });
}
