/**
 * Leaving the app for another site (the hosted checkout page). One object so tests can replace `assign` with
 * `vi.spyOn(externalNavigation, 'assign')` instead of touching window.location.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
