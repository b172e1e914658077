import { apiErrorMessage } from '../../lib/error-message';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CopyLinkField } from './CopyLinkField';
import { type ShareLink, shareUrl, useLinkAddress } from './sharing-api';

/** A live link's address again, to copy and send once more: its views keep adding up on the same link. */
export function CopyLinkDialog({ link, onClose }: { link: ShareLink; onClose: () => void }) {
  const address = useLinkAddress(link.id);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Copy link: ${link.label}`}
      description="Everyone you send it to opens the same link; their views show in its log."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {address.isPending ? (
        <p role="status">Loading the link</p>
      ) : address.isError ? (
        <p className="field__error" role="alert">
          {apiErrorMessage(address.error, 'Could not load the link. Please try again.')}
        </p>
      ) : (
        <CopyLinkField url={shareUrl(address.data.path)} />
      )}
      {link.hasPasscode ? <p className="share-dialog__note">Send the passcode separately from the link.</p> : null}
    </Dialog>
  );
}
