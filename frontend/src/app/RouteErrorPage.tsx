import { useEffect, useRef } from 'react';
import { useRouteError } from 'react-router-dom';
import { useOnline } from '../lib/use-online';
import { Button } from '../ui/Button';

/**
 * Last-resort boundary, e.g. when a page chunk fails to load after a deploy replaced it — or because the connection
 * is gone: then it says so and loads the page by itself once the browser is back online, instead of a generic error.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const online = useOnline();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  // Offline at any point while this page showed: coming back online is what the page waited for.
  const wasOffline = useRef(!online);
  if (!online) wasOffline.current = true;
  useEffect(() => {
    if (wasOffline.current && online) window.location.reload();
  }, [online]);
  if (!online) {
    return (
      <main className="centered-page">
        <div className="centered-page__content">
          <h1 className="centered-page__title">You are offline</h1>
          <p className="centered-page__text">
            This page could not load without a connection. It will load as soon as you are back online; nothing you
            typed is lost.
          </p>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </div>
      </main>
    );
  }
  return (
    <main className="centered-page">
      <div className="centered-page__content">
        <h1 className="centered-page__title">Something went wrong</h1>
        <p className="centered-page__text">Please reload the page and try again.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
