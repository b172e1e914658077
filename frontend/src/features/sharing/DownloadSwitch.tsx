import { FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { useToast } from '../../ui/toast/toast-context';
import { type ShareLink, useSetAllowDownload } from './sharing-api';

/** Lets the founder allow or forbid saving a link's files; its viewers can always read them in the page. */
export function DownloadSwitch({ link }: { link: ShareLink }) {
  const { toast } = useToast();
  const update = useSetAllowDownload();
  const change = async (allowDownload: boolean) => {
    try {
      await update.mutateAsync({ linkId: link.id, allowDownload });
      toast({
        title: allowDownload ? 'Downloads allowed' : 'Downloads turned off',
        description: allowDownload
          ? `Viewers of ${link.label} can save its files.`
          : `Viewers of ${link.label} can read its files on the share page only.`,
      });
    } catch (err) {
      toast({
        title: 'Could not change downloads',
        description: err instanceof Error && err.message ? err.message : FALLBACK_ERROR_MESSAGE,
        variant: 'destructive',
      });
    }
  };
  return (
    <label className="share-dialog__choice share-link__switch">
      <input
        type="checkbox"
        // The choice shows at once; a refusal puts the link's own value back.
        checked={update.isPending ? update.variables.allowDownload : link.allowDownload}
        disabled={update.isPending || link.status !== 'active'}
        onChange={(event) => void change(event.target.checked)}
      />
      <span>Viewers may download</span>
    </label>
  );
}
