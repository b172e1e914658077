/** Spec §9: the sidebar's collapsed state survives reloads for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

/** True (expanded) unless the cookie says 'false'. */
export function readSidebarExpanded(cookie: string = document.cookie): boolean {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

export function writeSidebarExpanded(expanded: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one tiny preference cookie; the Cookie Store API is not in Safari.
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}
