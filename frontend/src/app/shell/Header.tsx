import { Link, useLocation } from 'react-router-dom';
import type { AuthUser } from '../../lib/auth';
import { homePathFor } from '../../lib/home-path';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { IconLogOut, IconPanelLeft, IconSprout } from '../../ui/icons';
import { useLogOut } from '../../ui/use-log-out';
import { shellPageTitle } from './page-titles';
import { SIDEBAR_ID, useSidebar } from './sidebar-state';

export function Header({ user, inert }: { user: AuthUser; inert?: boolean }) {
  const { logOut, signingOut } = useLogOut();
  const { toggle, expanded, isMobile, mobileOpen, toggleButtonRef } = useSidebar();
  const title = shellPageTitle(useLocation().pathname);

  return (
    <header className="app-header" inert={inert}>
      <Button
        ref={toggleButtonRef}
        variant="ghost"
        size="icon"
        aria-label="Toggle sidebar"
        aria-controls={SIDEBAR_ID}
        aria-expanded={isMobile ? mobileOpen : expanded}
        aria-keyshortcuts="Control+B Meta+B"
        onClick={toggle}
      >
        <IconPanelLeft />
      </Button>
      <Link to={homePathFor(user)} className="app-header__brand">
        <span className="brand-mark">
          <IconSprout size={16} />
        </span>
        <span className="brand-name">Preseed</span>
      </Link>
      {user.isAdmin ? <Badge variant="accent">Admin</Badge> : null}
      {/* Not a heading: the page's own h1 names it for assistive technology; this is where sighted people look. */}
      <span className="app-header__title" title={title ?? undefined}>
        {title}
      </span>
      <div className="app-header__end">
        <span className="app-header__email" title={user.email}>
          {user.email}
        </span>
        <Button variant="secondary" size="sm" onClick={logOut} loading={signingOut}>
          <IconLogOut size={16} />
          <span className="app-header__logout-label">Log out</span>
        </Button>
      </div>
    </header>
  );
}
