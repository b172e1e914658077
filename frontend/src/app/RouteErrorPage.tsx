import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';

/** Last-resort boundary, e.g. when a page chunk fails to load after a deploy replaced it. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
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
