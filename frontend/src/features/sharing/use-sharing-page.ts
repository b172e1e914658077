import { useState } from 'react';
import { FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { useToast } from '../../ui/toast/toast-context';
import { type ShareLink, useRevokeShare, useShareLinks } from './sharing-api';

/** The share links page's state: the links, which dialog is open (new, copy, revoke) and the revoke itself. */
export function useSharingPage() {
  const { toast } = useToast();
  const links = useShareLinks();
  const revoke = useRevokeShare();
  const [creating, setCreating] = useState(false);
  const [toCopy, setToCopy] = useState<ShareLink | null>(null);
  const [toRevoke, setToRevoke] = useState<ShareLink | null>(null);

  const confirmRevoke = async (link: ShareLink) => {
    try {
      await revoke.mutateAsync(link.id);
      toast({ title: 'Link revoked', description: `${link.label} no longer opens anything.` });
    } catch (err) {
      toast({
        title: 'Revoke failed',
        description: err instanceof Error && err.message ? err.message : FALLBACK_ERROR_MESSAGE,
        variant: 'destructive',
      });
    } finally {
      setToRevoke(null);
    }
  };

  return {
    links,
    revoking: revoke.isPending,
    creating,
    setCreating,
    toCopy,
    setToCopy,
    toRevoke,
    setToRevoke,
    confirmRevoke,
  };
}
