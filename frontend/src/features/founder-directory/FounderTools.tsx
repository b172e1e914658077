import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type ToolId, toolOf, VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import { toolReviewSheet } from '../../data/admin/tool-review-answers';
import { refusalOf } from '../../lib/error-message';
import { reviewPath } from '../../lib/paths';
import { LoadError } from '../../ui/LoadState';
import { Spinner } from '../../ui/Spinner';
import { ToolSheet } from '../../ui/tool-sheet/ToolSheet';
import { type FounderFile, useFounderToolAnswers } from './directory-api';
import { toolStatusWord } from './tool-progress';

type Progress = FounderFile['founder']['progress'][ToolId];

/** One tool on the founder page: its progress and status; opened, the founder's sheet (read only then) and its review. */
function FounderTool({ userId, tool, progress }: { userId: string; tool: ToolId; progress: Progress }) {
  const [open, setOpen] = useState(false);
  const answers = useFounderToolAnswers(userId, tool, open);
  const { title } = toolOf(tool);
  let body = null;
  if (open) {
    if (answers.isPending) body = <Spinner label={`Loading the ${title}`} />;
    else if (answers.isError)
      body = (
        <LoadError alert onRetry={() => void answers.refetch()}>
          Could not load this tool. {refusalOf(answers.error)}
        </LoadError>
      );
    else if (answers.data.length === 0) body = <p className="fd-empty">Nothing filled in yet.</p>;
    else {
      const sheet = toolReviewSheet(tool, answers.data);
      body = <ToolSheet tool={toolOf(tool)} answers={sheet.answers} guidance={sheet.guidance} />;
    }
  }
  return (
    <details className="fd-phase" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="fd-phase__summary">
        {title}{' '}
        <span className="fd-tool__progress">
          {progress.answered}/{progress.total} answered · {toolStatusWord(progress)}
        </span>
      </summary>
      <div className="fd-phase__body">
        {progress.answered > 0 ? (
          <p>
            <Link to={reviewPath(tool, userId)}>Review the {title}</Link>
          </p>
        ) : null}
        {body}
      </div>
    </details>
  );
}

/**
 * The founder page's Validate tools: each tool's progress from the founder's file; a tool's answers are read only
 * when the coach opens it, so the page's first load costs the same requests with or without tools.
 */
export function FounderTools({ userId, progress }: { userId: string; progress: FounderFile['founder']['progress'] }) {
  return (
    <>
      {VALIDATE_TOOLS.map((tool) => (
        <FounderTool key={tool.id} userId={userId} tool={tool.id} progress={progress[tool.id]} />
      ))}
    </>
  );
}
