/**
 * The founder's validation tests (the library and their own tests, with their status, checked steps, results and
 * evaluation), the removed ones, and every way to change them. Shared by Validation Tests and Test Evaluation, so both
 * pages read and write one cache entry.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomTestFields,
  UpdateValidationTestRequest,
  ValidationTestsResponse,
  ValidationTestView,
} from '#shared/api-types';
import { useAccountQuery, useAccountSub } from '../../lib/account-query';
import { ApiError, apiFetch } from '../../lib/api';
import { journeyKeys } from '../journey/journey-api';

export type { CustomTestFields, UpdateValidationTestRequest, ValidationTestsResponse, ValidationTestView };
export type TestStatus = ValidationTestView['status'];
export type EvaluationResult = NonNullable<ValidationTestView['evaluation']>['result'];

export const validationKeys = {
  tests: (sub: string) => ['validation-tests', sub] as const,
};

export function fetchValidationTests(signal?: AbortSignal): Promise<ValidationTestsResponse> {
  return apiFetch('validation.list', signal ? { signal } : {});
}

/** The server's reason when the founder may not use validation tests yet (403: the phase is not unlocked). */
export function lockedReason(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 && error.message ? error.message : null;
}

/** Everything the Validation Tests page shows: the list, the removed tests and the founder's own-test allowance. */
export function useValidationLibrary() {
  return useAccountQuery({ key: validationKeys.tests, fetch: fetchValidationTests });
}

/** The founder's tests in their list (removed ones left out). */
export function useValidationTests() {
  return useAccountQuery({ key: validationKeys.tests, fetch: fetchValidationTests, select: (data) => data.tests });
}

/** After any change: the server's answer replaces the test where it is, then the list and dashboard are read again. */
function useSettle() {
  const client = useQueryClient();
  const sub = useAccountSub();
  return (change?: (data: ValidationTestsResponse) => ValidationTestsResponse) => {
    if (change) client.setQueryData<ValidationTestsResponse>(validationKeys.tests(sub), (d) => d && change(d));
    void client.invalidateQueries({ queryKey: validationKeys.tests(sub) });
    void client.invalidateQueries({ queryKey: journeyKeys.dashboard(sub) });
  };
}

const replaceIn = (tests: ValidationTestView[], test: ValidationTestView) =>
  tests.map((t) => (t.id === test.id ? test : t));

/** Saves a change of one test (start, checked steps, results, evaluation). */
export function useUpdateValidationTest() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ testId, body }: { testId: string; body: UpdateValidationTestRequest }) =>
      apiFetch('validation.update', { params: { testId }, body }).then((r) => r.test),
    onSuccess: (test) => settle((d) => ({ ...d, tests: replaceIn(d.tests, test) })),
  });
}

/** Removes a test from the founder's list into Removed tests, from where it can be restored. */
export function useDeleteValidationTest() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (testId: string) => apiFetch('validation.delete', { params: { testId } }),
    onSuccess: (_, testId) =>
      settle((d) => {
        const test = d.tests.find((t) => t.id === testId);
        return {
          ...d,
          tests: d.tests.filter((t) => t.id !== testId),
          removed: test ? [{ ...test, removedAt: new Date().toISOString() }, ...d.removed] : d.removed,
        };
      }),
  });
}

/** Brings a removed test back into the list, as it was. */
export function useRestoreValidationTest() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (testId: string) => apiFetch('validation.restore', { params: { testId } }).then((r) => r.test),
    onSuccess: (test) =>
      settle((d) => ({ ...d, removed: d.removed.filter((t) => t.id !== test.id), tests: [...d.tests, test] })),
  });
}

/**
 * Adds a test of the founder's own. The id is chosen here, once per form, so a retry after a lost answer is the same
 * test on the server, never a second one.
 */
export function useCreateCustomTest() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: CustomTestFields }) =>
      apiFetch('validation.createCustom', { body: { id, ...fields } }).then((r) => r.test),
    onSuccess: (test) =>
      settle((d) => ({
        ...d,
        tests: d.tests.some((t) => t.id === test.id) ? d.tests : [...d.tests, test],
        customTests: { ...d.customTests, used: d.customTests.used + 1 },
      })),
  });
}

export function useEditCustomTest() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ testId, fields }: { testId: string; fields: CustomTestFields }) =>
      apiFetch('validation.editCustom', { params: { testId }, body: fields }).then((r) => r.test),
    onSuccess: (test) => settle((d) => ({ ...d, tests: replaceIn(d.tests, test) })),
  });
}

/** Deletes a removed test of the founder's own for good (frees its place in the limit). */
export function usePurgeCustomTest() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (testId: string) => apiFetch('validation.purgeCustom', { params: { testId } }),
    onSuccess: (_, testId) =>
      settle((d) => ({
        ...d,
        removed: d.removed.filter((t) => t.id !== testId),
        customTests: { ...d.customTests, used: Math.max(0, d.customTests.used - 1) },
      })),
  });
}
