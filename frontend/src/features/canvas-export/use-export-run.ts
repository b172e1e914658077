import { useState } from 'react';
import { useToast } from '../../ui/toast/toast-context';

/**
 * Runs one export at a time: `busy` names the one under way (its button spins while the others wait), and a failure
 * is logged and told in an 'Export failed' toast that names what could not be made ('The PDF could not be made.').
 */
export function useExportRun<Kind extends string>() {
  const { toast } = useToast();
  const [busy, setBusy] = useState<Kind | null>(null);
  const run = async (kind: Kind, what: string, make: () => Promise<void> | void) => {
    setBusy(kind);
    try {
      await make();
    } catch (err) {
      console.error(`Export of the ${what} failed`, err);
      toast({
        title: 'Export failed',
        description: `The ${what} could not be made. Please try again.`,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
