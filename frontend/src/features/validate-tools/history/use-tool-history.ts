import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ToolId } from '#shared/domain/validate-tools';
import { useAnswerHistory } from '../../../data/journey/answer-history-api';
import { journeyKeys, useAnswerMutations, useAnswers, useQuestions } from '../../../data/journey/journey-api';
import { toolPrefillKeys } from '../../../data/journey/tool-prefill-api';
import { useAccountSub } from '../../../lib/account-query';
import { errorMessage, TRY_AGAIN } from '../../../lib/error-message';
import { formatDateTimeToSecond } from '../../../lib/format-date-time';
import { useToast } from '../../../ui/toast/toast-context';
import { compareWithCurrent, historyFields, restoreAction } from './history-fields';

/**
 * The state of a tool's History dialog: the fields with kept versions, the field and version shown, whether it is
 * compared with the current answer, and the restore of that version (asked to confirm first) through the same save
 * and delete the tool page uses. A restore is itself a new version, so it can be undone the same way.
 */
export function useToolHistory(tool: ToolId) {
  const history = useAnswerHistory(tool);
  const questions = useQuestions(tool);
  const answers = useAnswers(tool);
  const { save, remove } = useAnswerMutations(tool);
  const client = useQueryClient();
  const sub = useAccountSub();
  const { toast } = useToast();
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [at, setAt] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);

  const fields = useMemo(
    () => historyFields(tool, history.data ?? [], questions.data ?? []),
    [tool, history.data, questions.data],
  );
  const field = fields.find((f) => f.questionId === fieldId) ?? fields[0] ?? null;
  const version = field?.versions.find((v) => v.at === at) ?? field?.versions[0] ?? null;
  const now = answers.data?.find((a) => a.questionId === field?.questionId)?.answers ?? [];
  const comparison = field && version ? compareWithCurrent(field.field, version.answers, now) : null;
  const action = field?.restorable && version ? restoreAction(version.answers, now) : null;

  const restore = async () => {
    if (!field || !version || !action) return;
    setRestoring(true);
    try {
      if (action === 'save') await save.mutateAsync({ questionId: field.questionId, answers: version.answers });
      else await remove.mutateAsync({ questionId: field.questionId });
      // What other tools propose from this one, and the answers other views hold, are read afresh.
      await Promise.all([
        history.refresh(),
        client.invalidateQueries({ queryKey: journeyKeys.answers(sub, tool) }),
        client.invalidateQueries({ queryKey: toolPrefillKeys.all(sub) }),
      ]);
      toast({
        title: `${field.label} restored.`,
        description: `It is as it was on ${formatDateTimeToSecond(version.at)}. The answer it replaced is kept in the history: restore that the same way to undo.`,
      });
    } catch (err) {
      toast({
        title: `Could not restore ${field.label}.`,
        description: errorMessage(err, TRY_AGAIN),
        variant: 'destructive',
      });
    } finally {
      setRestoring(false);
      setConfirming(false);
    }
  };

  return {
    loading: history.isPending || questions.isPending || answers.isPending,
    failed: history.isError || questions.isError || answers.isError,
    retry: () => {
      if (history.isError) void history.refetch();
      if (questions.isError) void questions.refetch();
      if (answers.isError) void answers.refetch();
    },
    fields,
    field,
    chooseField: (questionId: string) => {
      setFieldId(questionId);
      setAt(null);
    },
    version,
    chooseVersion: setAt,
    comparing,
    setComparing,
    comparison,
    action,
    confirming,
    askToRestore: () => setConfirming(true),
    cancelRestore: () => setConfirming(false),
    restoring,
    restore: () => void restore(),
  };
}

export type ToolHistoryState = ReturnType<typeof useToolHistory>;
