import { useQueryClient } from '@tanstack/react-query';
import { useAccountSub } from '../../lib/account-query';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useExportRun } from './use-export-run';
import './canvas-export.css';

/** The dashboard's founder brief: an investor brief as a PDF (brief-layout.ts), made when the founder asks. */
export function FounderBrief() {
  const client = useQueryClient();
  const sub = useAccountSub();
  const { busy, run } = useExportRun<'brief'>();

  const download = () =>
    run('brief', 'founder brief', async () => {
      // The layout and the PDF writer load only now, not with the dashboard.
      const [{ makeFounderBrief }, { saveFile }] = await Promise.all([
        import('./founder-brief'),
        import('./export-data'),
      ]);
      const { blob, fileName } = await makeFounderBrief(client, sub);
      saveFile(blob, fileName);
    });

  return (
    <Card className="founder-brief">
      <div className="founder-brief__text">
        <h2 className="founder-brief__title">Founder brief</h2>
        <p>
          An investor brief: your startup, how to reach you, stage and funding, your idea, both canvases, your
          validation outcomes and the Validate tools you completed, in a PDF of one page, or more when you have written
          more.
        </p>
      </div>
      <Button variant="secondary" onClick={() => void download()} loading={busy !== null} disabled={sub === ''}>
        Download founder brief (PDF)
      </Button>
    </Card>
  );
}
