import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../lib/paths';
import { Card } from './Card';
import { IconSprout } from './icons';

export interface AuthLayoutProps {
  /** The card's heading (the page's h1). */
  title: string;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Below the card, e.g. "Already have an account? Log in". */
  footer?: ReactNode;
  /** A wider card for pages with more to read (payment, legal). */
  wide?: boolean;
  children: ReactNode;
}

/** The centred card on a muted page that login, sign-up, verification, reset and payment pages share. */
export function AuthLayout({ title, intro, footer, wide = false, children }: AuthLayoutProps) {
  return (
    <main className="auth-page">
      <div className={wide ? 'auth-page__inner auth-page__inner--wide' : 'auth-page__inner'}>
        <Link to={PATHS.landing} className="auth-page__brand">
          <span className="brand-mark">
            <IconSprout size={20} />
          </span>
          <span className="brand-name">Preseed</span>
        </Link>
        <Card className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {intro ? <div className="auth-card__intro">{intro}</div> : null}
          {children}
        </Card>
        {footer ? <div className="auth-page__footer">{footer}</div> : null}
      </div>
    </main>
  );
}
