import { PHASE_FLAGS, type PhaseFlags } from '#shared/domain/phases';
import { ADMIN_GROUPS, founderGroups } from './nav-items';

export const APP_NAME = 'Preseed';

const ALL_OPEN = Object.fromEntries(PHASE_FLAGS.map((flag) => [flag, true])) as PhaseFlags;

/**
 * The title of each page inside the shell, as the header and the browser tab show it: the words of the sidebar entry
 * that leads there (taken from the sidebar's own table, every phase open), so a person sees where they are in both
 * places and a new sidebar entry names its page by itself.
 */
const SHELL_PAGE_TITLES: ReadonlyMap<string, string> = new Map(
  [...ADMIN_GROUPS, ...founderGroups(ALL_OPEN)]
    .flatMap((group) => group.items)
    .flatMap((item) => (item.kind === 'link' ? [[item.to, item.label] as const] : [])),
);

/**
 * The shell page's title for a pathname (a trailing slash is the same page). A page below a titled one takes its
 * parent's (/data-room/… is in the Data Room); null for a path the shell lacks.
 */
export function shellPageTitle(pathname: string): string | null {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  while (path.length > 1) {
    const title = SHELL_PAGE_TITLES.get(path);
    if (title) return title;
    path = path.slice(0, path.lastIndexOf('/'));
  }
  return null;
}
