/** Where a test's own page is: Validation Tests with the test named in the query (`view=results` opens at its results). */
import { PATHS } from '../../lib/paths';

export const TEST_QUERY = 'test';
export const VIEW_QUERY = 'view';

export function testPagePath(testId: string, view?: 'results'): string {
  const query = new URLSearchParams({ [TEST_QUERY]: testId, ...(view ? { [VIEW_QUERY]: view } : {}) });
  return `${PATHS.validationTests}?${query.toString()}`;
}
