import { Link } from 'react-router-dom';
import { QUESTION_TYPE_LABELS } from '#shared/domain/questions';
import { useFeedbackOverview } from '../../data/feedback/feedback-api';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { FEEDBACK_TEXT } from './feedback-texts';
import { FEEDBACK_PAGE_PATHS } from './use-feedback-badges';
import './feedback.css';

/** The dashboard's badge: open comments from a coach, and where they are. Nothing when there are none. */
export function FeedbackNotice() {
  const { data } = useFeedbackOverview({ enabled: true });
  const phases = data?.phases.filter((p) => p.open > 0 || p.status === 'changes-requested') ?? [];
  if (!data || phases.length === 0) return null;
  return (
    <Card className="fb-notice">
      <section aria-labelledby="dashboard-feedback-title">
        <h2 id="dashboard-feedback-title" className="fb-banner__title">
          Feedback from your coach <Badge variant="accent">{data.open}</Badge>
          <span className="sr-only"> {FEEDBACK_TEXT.openComments(data.open)}</span>
        </h2>
        <ul className="fb-notice__list">
          {phases.map((p) => (
            <li key={p.phase}>
              <Link to={FEEDBACK_PAGE_PATHS[p.phase]}>{QUESTION_TYPE_LABELS[p.phase]}</Link>
              {': '}
              {p.status === 'changes-requested' ? 'changes requested, ' : ''}
              {FEEDBACK_TEXT.openComments(p.open)}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
