import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useToast } from '../../ui/toast/toast-context';
import './canvas-export.css';

/** The dashboard's founder brief: one A4 PDF page of the idea, both canvases and the validation tests' outcomes. */
export function FounderBrief() {
  const client = useQueryClient();
  const sub = useAuth().user?.sub ?? '';
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      // The layout and the PDF writer load only now, not with the dashboard.
      const [{ makeFounderBrief }, { saveFile }] = await Promise.all([
        import('./founder-brief'),
        import('./export-data'),
      ]);
      const { blob, fileName } = await makeFounderBrief(client, sub);
      saveFile(blob, fileName);
    } catch (err) {
      console.error('Founder brief failed', err);
      toast({
        title: 'Export failed',
        description: 'The founder brief could not be made. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="founder-brief">
      <div className="founder-brief__text">
        <h2 className="founder-brief__title">Founder brief</h2>
        <p>Your idea, both canvases and your validation tests with their outcomes, on one PDF page.</p>
      </div>
      <Button variant="secondary" onClick={() => void download()} loading={busy} disabled={sub === ''}>
        Download founder brief (PDF)
      </Button>
    </Card>
  );
}
