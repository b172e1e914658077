import { type AppPath, PATHS } from '../../lib/paths';

/**
 * The title of each page inside the shell, as the header and the browser tab show it. The same words as the sidebar
 * entry that leads there, so a person sees where they are in both places.
 */
const SHELL_PAGE_TITLES: Partial<Record<AppPath, string>> = {
  [PATHS.adminHome]: 'Admin Dashboard',
  [PATHS.adminTriggerQuestions]: 'Trigger Questions',
  [PATHS.adminValueProposition]: 'Value Proposition',
  [PATHS.adminBusinessModel]: 'Business Model',
  [PATHS.dashboard]: 'Dashboard',
  [PATHS.generateIdea]: 'Generate Your Idea',
  [PATHS.triggerQuestions]: 'Trigger Questions',
  [PATHS.valueProposition]: 'Value Proposition',
  [PATHS.businessModel]: 'Business Model',
  [PATHS.dataRoom]: 'Data Room',
  [PATHS.dataRoomSharing]: 'Share Links',
  [PATHS.validationTests]: 'Validation Tests',
  [PATHS.testEvaluation]: 'Test Evaluation',
};

export const APP_NAME = 'Preseed';

/**
 * The shell page's title for a pathname (a trailing slash is the same page). A page below one in the table without a
 * title of its own takes its parent's (/data-room/… is in the Data Room); null for a path the shell lacks.
 */
export function shellPageTitle(pathname: string): string | null {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  while (path.length > 1) {
    const title = SHELL_PAGE_TITLES[path as AppPath];
    if (title) return title;
    path = path.slice(0, path.lastIndexOf('/'));
  }
  return null;
}
