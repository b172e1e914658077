import { REVIEW_STATUS_LABELS } from '#shared/domain/founder-directory';
import { TOOL_IDS } from '#shared/domain/validate-tools';
import type { DirectoryFounder } from './directory-api';

type Progress = DirectoryFounder['progress'];

/** A tool is complete once every one of its questions (fields and guidance) has an answer. */
export function isToolComplete(progress: Progress[keyof Progress]): boolean {
  return progress.total > 0 && progress.answered >= progress.total;
}

/** "Tools: 3 of 10 complete": the directory's one line for the whole toolkit, from the progress it already has. */
export function toolsSummary(progress: Progress): string {
  const complete = TOOL_IDS.filter((tool) => isToolComplete(progress[tool])).length;
  return `Tools: ${complete} of ${TOOL_IDS.length} complete`;
}

/** A tool's status word: not started before its first answer, then the review's word (tools are never unlocked). */
export function toolStatusWord(progress: Progress[keyof Progress]): string {
  return progress.answered === 0 ? 'Not started' : REVIEW_STATUS_LABELS[progress.status];
}
