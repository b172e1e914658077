import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { getQueryClient } from '../lib/query-client';
import { FakeWebSocket } from './fake-websocket';

// Lazy pages and query retries can take over a second when the machine is busy (CI runs every project at once);
// findBy/waitFor give up after 1 s by default, which turned slow into failed. A test that waits for nothing is
// no slower for it.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  getQueryClient().clear();
  // Unsaved text is kept in localStorage (lib/kept-drafts.ts): one test's typing must not come back in the next.
  localStorage.clear();
  // The sidebar keeps its state in a cookie; each test starts from the default (expanded).
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset of the same cookie the app writes.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
