import { SHARE_LIMITS } from '#shared/domain/sharing';
import { CATEGORY_LABELS, FILE_CATEGORIES, type FileCategory } from '../../data/data-room/file-format';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { ShareFormState } from './use-share-form';

/** Expiry choices, in days; 0: until revoked. */
const EXPIRY_OPTIONS = [
  { value: '0', label: 'Never (until you revoke it)' },
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
] as const;

const CATEGORY_OPTIONS = FILE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

/** The share dialog's fields: chosen files or a whole category, label, expiry, passcode, viewer email, startup name. */
export function ShareForm({ form, id }: { form: ShareFormState; id: string }) {
  const { errors } = form;
  return (
    <form id={id} className="share-dialog" onSubmit={(event) => void form.submit(event)} noValidate>
      <fieldset className="share-dialog__group">
        <legend>What to share</legend>
        <label className="share-dialog__choice">
          <input
            type="radio"
            name="share-mode"
            checked={form.mode === 'files'}
            onChange={() => form.setMode('files')}
          />
          Chosen files
        </label>
        <label className="share-dialog__choice">
          <input
            type="radio"
            name="share-mode"
            checked={form.mode === 'category'}
            onChange={() => form.setMode('category')}
          />
          A whole category (files added to it later are shared too)
        </label>
      </fieldset>

      {form.mode === 'files' ? (
        <fieldset
          className="share-dialog__group"
          aria-describedby={errors.files ? 'share-files-error' : undefined}
          aria-invalid={errors.files ? true : undefined}
        >
          <legend>Files</legend>
          {form.files.isPending ? (
            <p role="status">Loading files</p>
          ) : form.files.all.length === 0 ? (
            <p>Your data room has no files yet. Upload one first.</p>
          ) : (
            <ul className="share-dialog__files">
              {form.files.all.map((file) => (
                <li key={file.id}>
                  <label className="share-dialog__choice">
                    <input type="checkbox" checked={form.chosen.has(file.id)} onChange={() => form.toggle(file.id)} />
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
          value={form.category}
          onChange={(event) => form.setCategory(event.target.value as FileCategory)}
        />
      )}

      <TextField
        label="Label (optional)"
        hint="Only you see it, in your list of links, the view log and the emails about views. Viewers never do."
        value={form.label}
        maxLength={SHARE_LIMITS.labelMaxLength}
        onChange={(event) => form.setLabel(event.target.value)}
      />
      <SelectField
        label="Expires"
        options={EXPIRY_OPTIONS}
        value={form.expiry}
        onChange={(event) => form.setExpiry(event.target.value)}
      />
      <TextField
        label="Passcode (optional)"
        hint={`At least ${SHARE_LIMITS.passcodeMinLength} characters. Viewers must enter it before they see any file.`}
        value={form.passcode}
        autoComplete="off"
        error={errors.passcode}
        maxLength={SHARE_LIMITS.passcodeMaxLength}
        onChange={(event) => form.setPasscode(event.target.value)}
      />
      <label className="share-dialog__choice">
        <input
          type="checkbox"
          checked={form.requireEmail}
          onChange={(event) => form.setRequireEmail(event.target.checked)}
        />
        Ask viewers for their email address (shown in your view log)
      </label>
      <label className="share-dialog__choice">
        <input
          type="checkbox"
          checked={form.showStartupName}
          onChange={(event) => form.setShowStartupName(event.target.checked)}
        />
        Show your startup name to viewers, also before the passcode (otherwise they see no name)
      </label>
      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}
