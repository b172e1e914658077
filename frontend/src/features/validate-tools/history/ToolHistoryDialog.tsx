import { useId } from 'react';
import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { formatDateTimeToSecond } from '../../../lib/format-date-time';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { DialogButtons } from '../../../ui/DialogButtons';
import { loadedOrPlaceholder } from '../../../ui/LoadPlaceholder';
import { HistoryVersion } from './HistoryVersion';
import { type ToolHistoryState, useToolHistory } from './use-tool-history';
import './tool-history.css';

interface Props {
  tool: ToolId;
  onClose: () => void;
}

/**
 * A tool's kept answers, field by field: pick a field and one of its versions to read it, compare it with the
 * current answer, and restore it after confirming. The state lives in useToolHistory.
 */
export default function ToolHistoryDialog({ tool, onClose }: Props) {
  const state = useToolHistory(tool);
  const shown = loadedOrPlaceholder({
    data: state.fields,
    loading: state.loading,
    loadingLabel: 'Loading the history',
    failed: state.failed,
    failedText: 'The history could not be loaded.',
    onRetry: state.retry,
    alert: true,
    empty: {
      when: (fields) => fields.length === 0,
      show: <p>No changes kept yet. Each answer you save or delete from now on is kept here.</p>,
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={`${toolOf(tool).title} history`}
      description="Every change to this tool's answers is kept (the last 20 of each). Choose a field and a version to read it, compare it with your current answer, or restore it."
      footer={<DialogButtons onCancel={onClose} cancelLabel="Close" />}
    >
      {'placeholder' in shown ? shown.placeholder : <HistoryBody state={state} />}
    </Dialog>
  );
}

function HistoryBody({ state }: { state: ToolHistoryState }) {
  const fieldId = useId();
  const versionId = useId();
  const { fields, field, version } = state;
  const sections = [...new Set(fields.map((f) => f.section))];
  return (
    <div className="tool-history">
      <div className="tool-history__pickers">
        <label className="field" htmlFor={fieldId}>
          <span className="field__label">Field</span>
          <select
            id={fieldId}
            className="field__input field__select"
            value={field?.questionId ?? ''}
            onChange={(e) => state.chooseField(e.target.value)}
          >
            {sections.map((section) => (
              <optgroup key={section} label={section}>
                {fields
                  .filter((f) => f.section === section)
                  .map((f) => (
                    <option key={f.questionId} value={f.questionId}>
                      {`${f.label} (${f.versions.length} ${f.versions.length === 1 ? 'version' : 'versions'})`}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={versionId}>
          <span className="field__label">Version</span>
          <select
            id={versionId}
            className="field__input field__select"
            value={version?.at ?? ''}
            onChange={(e) => state.chooseVersion(e.target.value)}
          >
            {(field?.versions ?? []).map((v, i) => (
              <option key={v.at} value={v.at}>
                {`${formatDateTimeToSecond(v.at)}${i === 0 ? ' (latest)' : ''} — ${v.summary}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {field && version ? <HistoryVersion state={state} field={field} version={version} /> : null}
      <ConfirmDialog
        open={state.confirming}
        description={
          state.action === 'delete'
            ? `${field?.label} was empty on ${formatDateTimeToSecond(version?.at ?? '')}: restoring that empties it now. Your current answer stays in the history, so you can undo this the same way.`
            : `${field?.label} goes back to how it was on ${formatDateTimeToSecond(version?.at ?? '')}. Your current answer stays in the history, so you can undo this the same way.`
        }
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={state.restoring}
        onConfirm={state.restore}
        onCancel={state.cancelRestore}
      />
    </div>
  );
}
