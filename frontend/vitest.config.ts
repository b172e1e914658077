import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The root vitest.config.ts builds two projects on this file (it names no files itself), so every path here is
// anchored to this folder rather than to the working directory.
const root = fileURLToPath(new URL('.', import.meta.url));

export const FRONTEND_TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The files that need a module graph of their own: they replace modules with vi.mock, configure Amplify, or count
 * on a module's state from its first import (the auth module loaded once, fonts fetched once). Shared with the rest they fail;
 * every other file shares one graph, since setting up happy-dom and importing React again per file cost more than
 * the tests themselves.
 */
export const ISOLATED_FRONTEND_TESTS = [
  'src/app/shell/ShellNavigation.test.tsx',
  'src/app/guards/AuthGuard.test.tsx',
  'src/lib/auth-password-reset.test.ts',
  'src/lib/auth-context.test.tsx',
  'src/lib/auth-totp.test.ts',
  'src/lib/auth-lazy.test.ts',
  'src/features/canvas-export/CanvasExport.test.tsx',
  'src/features/signup/OtpVerificationPage.test.tsx',
];

export default defineProject({
  root,
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    restoreMocks: true,
  },
});
