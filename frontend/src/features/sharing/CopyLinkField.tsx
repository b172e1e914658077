import { useState } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

/** A share link's full address, selectable, with a Copy button and a status line screen readers announce. */
export function CopyLinkField({ url }: { url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Refused (no permission, an insecure origin): the field stays there to select and copy by hand.
      setCopied(false);
    }
  };
  return (
    <div className="share-dialog__created">
      <TextField label="Link" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy link'}
      </Button>
      <p className={copied === false ? 'share-dialog__note' : 'sr-only'} role="status">
        {copied === true
          ? 'Link copied'
          : copied === false
            ? 'Your browser did not let us copy: select the link and copy it.'
            : ''}
      </p>
    </div>
  );
}
