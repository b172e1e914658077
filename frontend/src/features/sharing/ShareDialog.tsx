import { type FormEvent, useMemo, useState } from 'react';
import { SHARE_LIMITS } from '#shared/domain/sharing';
import { useFiles } from '../../data/data-room/data-room-api';
import { CATEGORY_LABELS, FILE_CATEGORIES, type FileCategory } from '../../data/data-room/file-format';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { toggled } from '../../lib/toggled';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { type CreatedShare, shareUrl, useCreateShare } from './sharing-api';

/** Expiry choices, in days; 0: until revoked. */
const EXPIRY_OPTIONS = [
  { value: '0', label: 'Never (until you revoke it)' },
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
] as const;

const CATEGORY_OPTIONS = FILE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

interface Errors {
  files?: string;
  passcode?: string;
  form?: string;
}

/**
 * The founder's share dialog: chosen files or a whole category, an optional label (the founder's alone: no
 * viewer sees it), expiry, passcode, viewer email and whether viewers see the startup name. Once created it shows the link to copy: only its hash is kept, so it cannot be shown again.
 */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const files = useFiles();
  const create = useCreateShare();
  const all = useMemo(() => files.data?.pages.flatMap((page) => page.files) ?? [], [files.data]);
  const [mode, setMode] = useState<'files' | 'category'>('files');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [category, setCategory] = useState<FileCategory>('pitch-deck');
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState('0');
  const [passcode, setPasscode] = useState('');
  const [requireEmail, setRequireEmail] = useState(false);
  const [showStartupName, setShowStartupName] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [copied, setCopied] = useState(false);

  const toggle = (id: string) => setChosen((current) => toggled(current, id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (mode === 'files' && chosen.size === 0) found.files = 'Choose at least one file to share.';
    if (passcode && passcode.length < SHARE_LIMITS.passcodeMinLength) {
      found.passcode = `The passcode must be at least ${SHARE_LIMITS.passcodeMinLength} characters.`;
    }
    setErrors(found);
    if (found.files || found.passcode) return;
    const days = Number(expiry);
    try {
      const result = await create.mutateAsync({
        ...(mode === 'files' ? { fileIds: [...chosen] } : { category }),
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(days > 0 ? { expiresAt: new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString() } : {}),
        ...(passcode ? { passcode } : {}),
        requireEmail,
        showStartupName,
      });
      setCreated(result);
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.message ? err.message : FALLBACK_ERROR_MESSAGE });
    }
  };

  if (created) {
    const url = shareUrl(created.path);
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(url);
        setCopied(true);
      } catch {
        setCopied(false);
      }
    };
    return (
      <Dialog
        open
        onClose={onClose}
        title="Share link created"
        description="Copy the link now: for your files' safety it is stored only in a form that cannot be shown again."
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <div className="share-dialog__created">
          <TextField label="Link" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <p className="sr-only" role="status">
            {copied ? 'Link copied' : ''}
          </p>
          {created.link.hasPasscode ? (
            <p className="share-dialog__note">Send the passcode separately from the link.</p>
          ) : null}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Share files"
      description="Anyone with the link can see what you choose here, and nothing else."
      footer={
        <DialogButtons onCancel={onClose}>
          <Button type="submit" form="share-form" loading={create.isPending}>
            Create link
          </Button>
        </DialogButtons>
      }
    >
      <form id="share-form" className="share-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="share-dialog__group">
          <legend>What to share</legend>
          <label className="share-dialog__choice">
            <input type="radio" name="share-mode" checked={mode === 'files'} onChange={() => setMode('files')} />
            Chosen files
          </label>
          <label className="share-dialog__choice">
            <input type="radio" name="share-mode" checked={mode === 'category'} onChange={() => setMode('category')} />A
            whole category (files added to it later are shared too)
          </label>
        </fieldset>

        {mode === 'files' ? (
          <fieldset
            className="share-dialog__group"
            aria-describedby={errors.files ? 'share-files-error' : undefined}
            aria-invalid={errors.files ? true : undefined}
          >
            <legend>Files</legend>
            {files.isPending ? (
              <p role="status">Loading files</p>
            ) : all.length === 0 ? (
              <p>Your data room has no files yet. Upload one first.</p>
            ) : (
              <ul className="share-dialog__files">
                {all.map((file) => (
                  <li key={file.id}>
                    <label className="share-dialog__choice">
                      <input type="checkbox" checked={chosen.has(file.id)} onChange={() => toggle(file.id)} />
                      <span className="share-dialog__file-name">{file.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {errors.files ? (
              <p id="share-files-error" className="field__error" role="alert">
                {errors.files}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <SelectField
            label="Category"
            options={CATEGORY_OPTIONS}
            value={category}
            onChange={(event) => setCategory(event.target.value as FileCategory)}
          />
        )}

        <TextField
          label="Label (optional)"
          hint="Only you see it, in your list of links, the view log and the emails about views. Viewers never do."
          value={label}
          maxLength={SHARE_LIMITS.labelMaxLength}
          onChange={(event) => setLabel(event.target.value)}
        />
        <SelectField
          label="Expires"
          options={EXPIRY_OPTIONS}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
        />
        <TextField
          label="Passcode (optional)"
          hint={`At least ${SHARE_LIMITS.passcodeMinLength} characters. Viewers must enter it before they see any file.`}
          value={passcode}
          autoComplete="off"
          error={errors.passcode}
          maxLength={SHARE_LIMITS.passcodeMaxLength}
          onChange={(event) => setPasscode(event.target.value)}
        />
        <label className="share-dialog__choice">
          <input type="checkbox" checked={requireEmail} onChange={(event) => setRequireEmail(event.target.checked)} />
          Ask viewers for their email address (shown in your view log)
        </label>
        <label className="share-dialog__choice">
          <input
            type="checkbox"
            checked={showStartupName}
            onChange={(event) => setShowStartupName(event.target.checked)}
          />
          Show your startup name to viewers, also before the passcode (otherwise they see no name)
        </label>
        {errors.form ? (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
