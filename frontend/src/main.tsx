import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { BootError } from './app/BootError';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { configureApi } from './lib/api';
import { configureAuth, getAccessToken, signOutUser } from './lib/auth';
import { loadConfig, type RuntimeConfig } from './lib/config';
import { sessionRefusedHandler } from './lib/session-refused';

async function boot(container: HTMLElement) {
  const root = createRoot(container);
  // Created first: the router starts loading the first page's lazy chunk now, while /config.json is fetched,
  // instead of one round trip later.
  const router = createAppRouter();
  let config: RuntimeConfig;
  try {
    // The auth layer and the API client need the environment's values before anything renders.
    config = await loadConfig();
    configureAuth(config);
    // A session the API refuses is over (the account ended it): signing out lets the guards take the user to the
    // login page, or to the page that says the account was deleted.
    const onSessionRefused = sessionRefusedHandler({
      signOut: signOutUser,
      navigate: (path) => router.navigate(path, { replace: true }),
    });
    configureApi({ apiBase: config.apiBase, getAccessToken, onSessionRefused });
  } catch (err) {
    console.error('Could not start the app', err);
    root.render(<BootError />);
    return;
  }
  root.render(
    <StrictMode>
      <AppProviders config={config}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void boot(container);
