import { Link } from 'react-router';
import { IconSprout } from '../../ui/icons';

/** Placeholder for signed-out visitors at `/`; the real landing page comes in a later issue. */
export function LandingPage() {
  return (
    <main className="centered-page">
      <div className="centered-page__content">
        <span className="brand-mark brand-mark--lg">
          <IconSprout size={28} />
        </span>
        <h1 className="centered-page__title">Preseed</h1>
        <p className="centered-page__text">
          Preseed guides pre-seed founders from idea to business model, with coaches reviewing each phase.
        </p>
        <Link className="btn btn--primary btn--md" to="/login">
          Log in
        </Link>
      </div>
    </main>
  );
}
