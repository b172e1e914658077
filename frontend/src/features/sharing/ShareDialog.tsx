import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { CopyLinkField } from './CopyLinkField';
import { ShareForm } from './ShareForm';
import { shareUrl } from './sharing-api';
import { useShareForm } from './use-share-form';

const FORM_ID = 'share-form';

/**
 * The founder's share dialog: chosen files or a whole category, an optional label (the founder's alone: no
 * viewer sees it), expiry, passcode, viewer email and whether viewers see the startup name. Once created it shows
 * the link to copy; the list of links can show it again at any time ("Copy link").
 */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const form = useShareForm();

  if (form.created) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="Share link created"
        description="Copy the link and send it. You can copy it again any time from your list of links."
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <CopyLinkField url={shareUrl(form.created.path)} />
        {form.created.link.hasPasscode ? (
          <p className="share-dialog__note">Send the passcode separately from the link.</p>
        ) : null}
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
          <Button type="submit" form={FORM_ID} loading={form.creating}>
            Create link
          </Button>
        </DialogButtons>
      }
    >
      <ShareForm form={form} id={FORM_ID} />
    </Dialog>
  );
}
