import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { IconLock } from './icons';
import './locked-notice.css';

export interface LockedNoticeProps {
  title: string;
  /** Which unlock the page waits for. */
  children: ReactNode;
  /** Where the founder can go meanwhile. */
  link: { to: string; label: string };
}

/** In place of a page whose phase is still locked (a canvas, a Validate tool); the API refuses its saves anyway. */
export function LockedNotice({ title, children, link }: LockedNoticeProps) {
  const titleId = useId();
  return (
    <section className="locked-notice" aria-labelledby={titleId}>
      <span className="locked-notice__icon">
        <IconLock size={22} />
      </span>
      <div className="locked-notice__body">
        <h2 id={titleId} className="locked-notice__title">
          {title}
        </h2>
        <p className="locked-notice__text">{children}</p>
        <Link className="text-link" to={link.to}>
          {link.label}
        </Link>
      </div>
    </section>
  );
}
