import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type UpdateValidationTestRequest,
  useUpdateValidationTest,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { PATHS } from '../../lib/paths';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import { WORKSPACE_TEXTS } from './workspace-texts';

export type TestRunDialog = 'evaluate' | 'edit' | 'delete' | null;

/**
 * A test page's state and its saves: starting the test, checking steps off (shown at once, rolled back if the save
 * fails), the results draft, and which dialog is open.
 */
export function useTestRun(test: ValidationTestView, openAt: 'results' | null) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const navigate = useNavigate();
  const update = useUpdateValidationTest();
  const [results, setResults] = useState(test.results ?? '');
  const [dialog, setDialog] = useState<TestRunDialog>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // 'View Test Results' opens the page at the results.
  useEffect(() => {
    if (openAt !== 'results') return;
    resultsHeading.current?.scrollIntoView?.({ block: 'start' });
    resultsHeading.current?.focus();
  }, [openAt]);

  const save = (body: UpdateValidationTestRequest, onDone?: (saved: ValidationTestView) => void) =>
    update.mutate(
      { testId: test.id, body },
      {
        onSuccess: (saved) => onDone?.(saved),
        onError: failed(WORKSPACE_TEXTS.failedTitle, WORKSPACE_TEXTS.failed),
      },
    );

  // The box shows its new state at once, while the server saves it (and falls back if the save fails).
  const [checking, setChecking] = useState<number[] | null>(null);
  const checkedSteps = checking ?? test.checkedSteps;
  const toggle = (index: number, checked: boolean) => {
    const next = checked ? [...checkedSteps, index] : checkedSteps.filter((i) => i !== index);
    setChecking(next);
    update.mutate(
      { testId: test.id, body: { checkedSteps: next } },
      {
        onSuccess: (saved) => {
          if (saved.status === 'completed' && test.status !== 'completed') {
            toast({ title: WORKSPACE_TEXTS.completedTitle, description: WORKSPACE_TEXTS.completed(test.name) });
          }
        },
        onError: failed(WORKSPACE_TEXTS.failedTitle, WORKSPACE_TEXTS.failed),
        onSettled: () => setChecking(null),
      },
    );
  };

  const start = () =>
    save({ start: true }, () =>
      toast({ title: WORKSPACE_TEXTS.startedTitle, description: WORKSPACE_TEXTS.started(test.name) }),
    );

  const saveResults = () =>
    save({ results: results.trim() || null }, () =>
      toast({ title: WORKSPACE_TEXTS.resultsSavedTitle, description: WORKSPACE_TEXTS.resultsSaved }),
    );

  return {
    busy: update.isPending,
    savingResults: update.isPending && update.variables?.body.results !== undefined,
    results,
    setResults,
    resultsChanged: results.trim() !== (test.results ?? ''),
    resultsHeading,
    checkedSteps,
    toggle,
    start,
    saveResults,
    dialog,
    setDialog,
    backToTests: () => navigate(PATHS.validationTests),
  };
}
