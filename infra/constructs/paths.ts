import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so asset and entry paths do not depend on the directory `cdk` runs from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const repoPath = (...segments: string[]): string => path.join(REPO_ROOT, ...segments);
