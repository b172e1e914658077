import { useEffect, useState } from 'react';

/**
 * Whether this browser has shown this founder's dashboard before. Kept per user in localStorage, so it is per browser:
 * a founder's first visit on a new device says 'Welcome' again. A storage that throws (private mode, disabled)
 * counts as visited, so nobody is greeted as new on every visit.
 */
export function visitedKey(sub: string): string {
  return `preseed.dashboard-visited.${sub}`;
}

function hasVisited(sub: string): boolean {
  try {
    return localStorage.getItem(visitedKey(sub)) !== null;
  } catch {
    return true;
  }
}

/** 'Welcome' on the first dashboard visit, 'Welcome back' after; the answer stays the same for the whole visit. */
export function useFirstVisit(sub: string): boolean {
  const [first] = useState(() => sub !== '' && !hasVisited(sub));
  useEffect(() => {
    if (!sub) return;
    try {
      localStorage.setItem(visitedKey(sub), new Date().toISOString());
    } catch {
      // Nothing to remember with: the next visit says 'Welcome back' anyway (see hasVisited).
    }
  }, [sub]);
  return first;
}

export function greeting(firstName: string | undefined, firstVisit: boolean): string {
  const hello = firstVisit ? 'Welcome' : 'Welcome back';
  return firstName ? `${hello}, ${firstName}!` : `${hello}!`;
}
