import { isPageOpen, TOOLS_LOCKED_MESSAGE } from '#shared/domain/phases';
import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { useMe } from '../../data/account/use-me';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { useToolEmbeds } from '../../lib/tool-embeds';
import { PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { ToolLocked } from './ToolLocked';
import { ToolWorkspace } from './ToolWorkspace';
import './validate-tools.css';

/**
 * A Validate tool's page (decision 024), the same for all ten: the header, where the coach's review stands and their
 * feedback, then the tool's sections with an editor per field. It opens with the Business Model unlock, the gate of
 * the validation tests, which the API also checks on every save.
 */
export function ValidateToolPage({ tool }: { tool: ToolId }) {
  const definition = toolOf(tool);
  const phases = useMe().data?.phases;
  const open = phases ? isPageOpen('validation', phases) : undefined;
  const { ReviewStatus, FeedbackBanner } = usePhaseEmbeds();
  const { History, Export } = useToolEmbeds();
  const actions =
    open && (History || Export) ? (
      <div className="vt-actions">
        {History ? <History tool={tool} /> : null}
        {Export ? <Export tool={tool} /> : null}
      </div>
    ) : undefined;

  return (
    <div className="vt-page">
      <PageHeader title={definition.title} subtitle={definition.summary} aside={actions} />
      {open === undefined ? (
        <PageSpinner />
      ) : open ? (
        <>
          <ReviewStatus type={tool} />
          <FeedbackBanner type={tool} />
          <ToolWorkspace tool={tool} />
        </>
      ) : (
        <ToolLocked message={TOOLS_LOCKED_MESSAGE} />
      )}
    </div>
  );
}
