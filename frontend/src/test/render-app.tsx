import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { ToastProvider } from '../ui/toast/toast-context';
import { type FakeAuthOptions, FakeAuthProvider } from './fake-auth';

/** Renders the real route table at `path`, with the auth context faked. */
export function renderApp(path: string, auth: FakeAuthOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <FakeAuthProvider options={auth}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </FakeAuthProvider>,
  );
  return { ...result, router, user };
}
