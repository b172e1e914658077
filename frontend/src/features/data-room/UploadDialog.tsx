import type { FileCategory } from '#shared/api-types';
import { DATA_ROOM_ACCEPT } from '#shared/domain/data-room';
import { CATEGORY_LABELS, FILE_CATEGORIES, formatFileSize } from '../../data/data-room/file-format';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { FileDropArea } from '../../ui/FileDropArea';
import { ProgressBar } from '../../ui/ProgressBar';
import { SelectField } from '../../ui/SelectField';
import { IconUpload } from './icons';
import { UPLOAD_TEXTS } from './upload-texts';
import { STAGE_TEXT, useUpload } from './use-upload';

const CATEGORY_OPTIONS = FILE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

/**
 * Spec §2 Data Room upload dialog: one file (dropped or chosen), a category, then three steps — the API hands out a
 * presigned POST, the browser sends the file straight to storage with real progress, the API records it. Closing the
 * dialog while an upload runs cancels it.
 */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  const { file, choose, category, setCategory, stage, progress, busy, ready, upload, refusal, dismissRefusal } =
    useUpload(onClose);
  return (
    <Dialog
      open
      onClose={onClose}
      title={UPLOAD_TEXTS.title}
      description={UPLOAD_TEXTS.description}
      footer={
        <DialogButtons onCancel={onClose}>
          <Button
            className="upload-dialog__submit"
            onClick={() => void upload()}
            aria-disabled={!ready || undefined}
            loading={busy}
          >
            <IconUpload size={16} />
            {busy ? 'Uploading...' : 'Upload'}
          </Button>
        </DialogButtons>
      }
    >
      <div className="upload-dialog">
        <FileDropArea
          file={file}
          formatSize={formatFileSize}
          disabled={busy}
          onChoose={choose}
          accept={DATA_ROOM_ACCEPT}
          prompt={UPLOAD_TEXTS.dropLabel}
          chooseLabel={UPLOAD_TEXTS.chooseFile}
          hints={[UPLOAD_TEXTS.maxSize, UPLOAD_TEXTS.types]}
          inputLabel="File to upload"
          icon={<IconUpload size={28} className="dropzone__icon" />}
        />
        {refusal ? (
          <div className="upload-dialog__refusal" role="alert">
            <p>{refusal}</p>
            <Button size="sm" variant="ghost" onClick={dismissRefusal}>
              Dismiss
            </Button>
          </div>
        ) : null}
        <SelectField
          label="Category"
          placeholder="Select a category"
          options={CATEGORY_OPTIONS}
          value={category}
          disabled={busy}
          onChange={(event) => setCategory(event.target.value as FileCategory)}
        />
        {stage ? (
          <div className="upload-progress">
            <div className="upload-progress__head" aria-hidden="true">
              <span>{STAGE_TEXT[stage]}</span>
              <span>{progress}%</span>
            </div>
            <ProgressBar value={progress} label="Upload progress" valueText={`${progress}%`} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
