import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PATHS } from '../../lib/paths';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <main className="centered-page">
      <div className="centered-page__content">
        <p className="centered-page__eyebrow">404</p>
        <h1 className="centered-page__title">Oops! Page not found</h1>
        <Link className="text-link" to={PATHS.landing}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
