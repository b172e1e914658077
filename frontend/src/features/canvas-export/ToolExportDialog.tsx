/**
 * The export dialog of one Validate tool: the preview of its pages, the PNG (the pages one under another, at 1×, 2×
 * or 3×), the PDF (one A4 page per page, text as text in the embedded font) and "Save PDF to the data room". The One
 * Pager says which of its parts were shortened to fit its one page before anything is downloaded.
 */
import { useRef } from 'react';
import type { ToolId } from '#shared/domain/validate-tools';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { DataRoomSave } from './DataRoomSave';
import { ExportBody } from './ExportBody';
import { pagesPdf } from './export-data';
import { useToolExport } from './use-tool-export';

export interface ToolExportDialogProps {
  tool: ToolId;
  onClose: () => void;
}

function ShortenedNotice({ parts }: { parts: readonly string[] }) {
  if (parts.length === 0) return null;
  return (
    <p role="status" className="canvas-export__notice">
      To fit one page, the PDF and PNG shorten {parts.length === 1 ? 'this part' : 'these parts'} with “…”:{' '}
      <strong>{parts.join(', ')}</strong>. Shorten them in the tool to show them in full.
    </p>
  );
}

export default function ToolExportDialog({ tool, onClose }: ToolExportDialogProps) {
  const { title, result, fonts, startupName, now, failed } = useToolExport(tool);
  const firstControl = useRef<HTMLInputElement>(null);
  const description =
    tool === 'one-pager'
      ? 'One A4 page for investors, with your startup’s name as its title. In the PDF the text stays text, so it can be selected and searched.'
      : `Your ${title} on A4, laid out as in the tool; long answers continue on further pages. In the PDF the text stays text.`;
  return (
    <Dialog
      open
      onClose={onClose}
      initialFocusRef={firstControl}
      size="lg"
      title={`Export your ${title}`}
      description={description}
    >
      {result && fonts ? (
        <ExportBody
          pages={result.pages}
          fonts={fonts}
          title={title}
          startupName={startupName}
          now={now}
          chosenSizeRef={firstControl}
          notice={<ShortenedNotice parts={result.shortened} />}
        >
          <DataRoomSave tool={tool} makePdf={() => pagesPdf(result.pages, { title, startupName, now }, fonts)} />
        </ExportBody>
      ) : failed ? (
        <p role="alert" className="canvas-export__error">
          Your {title} could not be loaded for the export. Close this and try again.
        </p>
      ) : (
        <div className="canvas-export__loading" role="status">
          <Spinner size="sm" decorative />
          Preparing your {title}...
        </div>
      )}
    </Dialog>
  );
}
