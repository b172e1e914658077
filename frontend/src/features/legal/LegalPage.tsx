import './legal.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';

export const CONTACT_EMAIL = 'hello@preseed.app';

/** The card layout the terms and the privacy policy share, with a way back and across. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthLayout
      wide
      title={title}
      footer={
        <p className="auth-page__links">
          <Link className="text-link" to={PATHS.landing}>
            Home
          </Link>
          <Link className="text-link" to={PATHS.terms}>
            Terms
          </Link>
          <Link className="text-link" to={PATHS.privacy}>
            Privacy Policy
          </Link>
        </p>
      }
    >
      <div className="prose">{children}</div>
    </AuthLayout>
  );
}

export function ContactLink() {
  return (
    <a className="text-link" href={`mailto:${CONTACT_EMAIL}`}>
      {CONTACT_EMAIL}
    </a>
  );
}
