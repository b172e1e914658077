import { describe, expect, it } from 'vitest';
import { isAdminPath, PATHS } from './paths';

describe('PATHS', () => {
  it('puts exactly the admin pages under /admin, where the guards keep coaches', () => {
    for (const [name, path] of Object.entries(PATHS)) expect(isAdminPath(path), name).toBe(name.startsWith('admin'));
  });

  it('gives every page its own path', () => {
    expect(new Set(Object.values(PATHS)).size).toBe(Object.keys(PATHS).length);
  });
});
