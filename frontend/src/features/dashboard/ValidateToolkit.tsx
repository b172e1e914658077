import { Link } from 'react-router-dom';
import type { PhaseFlags } from '#shared/domain/phases';
import { REVIEW_STATE_LABELS, reviewStateOf } from '#shared/domain/review-state';
import { VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import type { DashboardResponse } from '../../data/journey/journey-api';
import { TOOL_PAGES } from '../../lib/paths';
import { Card } from '../../ui/Card';

/**
 * The Validate toolkit on the dashboard: each sheet's progress and review state, linked to its page, once the
 * Business Model review opened it; before that, one line saying when it opens. Nothing shows while loading.
 */
export function ValidateToolkit({
  phases,
  data,
}: {
  phases: PhaseFlags | undefined;
  data: DashboardResponse | undefined;
}) {
  if (!phases || !data) return null;
  if (!phases.bmc_status) {
    return (
      <Card className="dashboard__toolkit">
        <h2 className="dashboard__section-title">Validate toolkit</h2>
        <p className="dashboard__toolkit-locked">
          Ten worksheets, from market sizing to your investor one-pager, open with your coach’s review of your Business
          Model.
        </p>
      </Card>
    );
  }
  return (
    <Card className="dashboard__toolkit">
      <h2 className="dashboard__section-title" id="dashboard-toolkit">
        Validate toolkit
      </h2>
      <ul className="dashboard__tools" aria-labelledby="dashboard-toolkit">
        {VALIDATE_TOOLS.map((tool) => {
          const { answered, total } = data.progress[tool.id];
          const state = reviewStateOf(data.reviews[tool.id]);
          return (
            <li key={tool.id} className="dashboard__tool" data-state={state.kind}>
              <Link to={TOOL_PAGES[tool.id]} className="dashboard__tool-name">
                {tool.title}
              </Link>
              <span className="dashboard__tool-count">
                {answered}/{total}
              </span>
              <span className="dashboard__tool-state">{REVIEW_STATE_LABELS[state.kind]}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
