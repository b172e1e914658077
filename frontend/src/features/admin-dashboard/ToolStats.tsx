import { VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import type { AdminStatsResponse } from '../../data/admin/admin-stats';
import { LOADING } from './figures';

/** The four figures of one tool, from the statistics every question type already has. */
function toolFigures(stats: AdminStatsResponse | undefined, loading: boolean, tool: (typeof VALIDATE_TOOLS)[number]) {
  const show = (n: number | undefined) => (loading ? LOADING : String(n ?? 0));
  const rating = stats?.averageRating[tool.id];
  return {
    started: show(stats?.started[tool.id]),
    completed: show(stats?.completed[tool.id]),
    changes: show(stats?.changesRequested[tool.id]),
    rating: loading ? LOADING : rating === null || rating === undefined ? '–' : rating.toFixed(1),
  };
}

/**
 * The Validate tools in the statistics: per tool, founders who started it, completed it, were sent back for changes,
 * and the coaches' average rating. A table at 1280 px; each row a card of labelled figures on a phone, whose short
 * labels (data-label) fit four abreast on one line — the column headers keep the full words for screen readers.
 */
export function ToolStats({ stats, loading }: { stats: AdminStatsResponse | undefined; loading: boolean }) {
  return (
    <section className="card admin-dash__tools" aria-labelledby="admin-dash-tools" aria-busy={loading || undefined}>
      <h2 id="admin-dash-tools" className="admin-dash__tools-title">
        Validate tools
      </h2>
      <div className="data-table-wrap">
        <table className="data-table admin-dash__tools-table">
          <caption className="sr-only">Founders per Validate tool</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Started</th>
              <th scope="col">Completed</th>
              <th scope="col">Changes requested</th>
              <th scope="col">Average rating</th>
            </tr>
          </thead>
          <tbody>
            {VALIDATE_TOOLS.map((tool) => {
              const f = toolFigures(stats, loading, tool);
              return (
                <tr key={tool.id}>
                  <th scope="row">{tool.title}</th>
                  <td data-label="Started">{f.started}</td>
                  <td data-label="Completed">{f.completed}</td>
                  <td data-label="Sent back">{f.changes}</td>
                  <td data-label="Avg rating">{f.rating}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
