import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { getQueryClient } from '../lib/query-client';
import { FakeWebSocket } from './fake-websocket';

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  getQueryClient().clear();
  // The sidebar keeps its state in a cookie; each test starts from the default (expanded).
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset of the same cookie the app writes.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
