import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { PATHS } from '../../lib/paths';
import { QueryProvider } from '../../lib/query-client';
import { OfflineBanner } from '../../ui/OfflineBanner';
import { PaidGate } from '../guards/PaidGate';
import { Header } from './Header';
import { APP_NAME, shellPageTitle } from './page-titles';
import { Sidebar } from './Sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';

/** Header + sidebar + main around every guarded page (spec §2 Shell and sidebar). */
export function AppShell() {
  const { user } = useAuth();
  // AuthGuard renders the shell only for a signed-in user; this keeps the types honest.
  if (!user) return <Navigate to={PATHS.login} replace />;
  return (
    <QueryProvider>
      <SidebarProvider>
        <ShellLayout />
      </SidebarProvider>
    </QueryProvider>
  );
}

/** The browser tab (and a screen reader's window title) names the page, and goes back to the app's name on leaving. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
  useEffect(
    () => () => {
      document.title = APP_NAME;
    },
    [],
  );
}

function ShellLayout() {
  const { user } = useAuth();
  const { isMobile, mobileOpen } = useSidebar();
  useDocumentTitle(shellPageTitle(useLocation().pathname));
  if (!user) return null;
  // While the mobile drawer is open the rest of the page is inert, which keeps focus inside the drawer.
  const behindDrawer = isMobile && mobileOpen;
  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header user={user} inert={behindDrawer} />
      <OfflineBanner />
      <div className="shell__body">
        <Sidebar user={user} />
        <main id="main-content" className="shell__main" tabIndex={-1} inert={behindDrawer}>
          {user.isAdmin ? <Outlet /> : <PaidGate />}
        </main>
      </div>
    </div>
  );
}
