import './legal.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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
          <Link className="text-link" to="/">
            Home
          </Link>
          <Link className="text-link" to="/terms">
            Terms
          </Link>
          <Link className="text-link" to="/privacy">
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
