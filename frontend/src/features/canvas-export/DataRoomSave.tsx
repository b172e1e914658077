import { Link } from 'react-router-dom';
import type { ToolId } from '#shared/domain/validate-tools';
import { categoryLabel } from '../../data/data-room/file-format';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { useDataRoomSave } from './use-data-room-save';

/** "Save PDF to the data room" in the export dialog, and where the file went or why it did not. */
export function DataRoomSave({ tool, makePdf }: { tool: ToolId; makePdf: () => Blob }) {
  const { state, save } = useDataRoomSave(tool, makePdf);
  return (
    <>
      <Button variant="secondary" onClick={() => void save()} loading={state.status === 'saving'}>
        Save PDF to the data room
      </Button>
      <div className="canvas-export__saved" aria-live="polite">
        {state.status === 'saved' ? (
          <p>
            Saved to your data room as “{state.file.name}” under {categoryLabel(state.file.category)}.{' '}
            <Link to={PATHS.dataRoom}>Open the Data Room</Link>. Saving again adds another copy; the data room never
            overwrites a file.
          </p>
        ) : null}
      </div>
      {state.status === 'failed' ? (
        <p role="alert" className="canvas-export__error canvas-export__saved">
          The PDF was not saved to the data room. {state.problem}
        </p>
      ) : null}
    </>
  );
}
