import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../lib/auth';
import { useAuth } from '../../lib/auth-context';
import { homePathFor } from '../../lib/home-path';
import { PATHS } from '../../lib/paths';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { IconLogOut, IconPanelLeft, IconSprout } from '../../ui/icons';
import { useToast } from '../../ui/toast/toast-context';
import { shellPageTitle } from './page-titles';
import { SIDEBAR_ID, useSidebar } from './sidebar-state';

export function Header({ user, inert }: { user: AuthUser; inert?: boolean }) {
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toggle, expanded, isMobile, mobileOpen, toggleButtonRef } = useSidebar();
  const [signingOut, setSigningOut] = useState(false);
  const title = shellPageTitle(useLocation().pathname);

  async function onLogOut() {
    setSigningOut(true);
    try {
      await signOut();
      // The next person to sign in on this browser must not see this user's cached data.
      queryClient.clear();
      // replace: the guard redirects to /login too once the session is gone; one history entry is enough.
      navigate(PATHS.login, { replace: true });
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    } catch (err) {
      console.error('Logout failed', err);
      toast({ variant: 'destructive', title: 'Error', description: 'Something went wrong. Please try again.' });
      setSigningOut(false);
    }
  }

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
        <Button variant="secondary" size="sm" onClick={onLogOut} loading={signingOut}>
          <IconLogOut size={16} />
          <span className="app-header__logout-label">Log out</span>
        </Button>
      </div>
    </header>
  );
}
