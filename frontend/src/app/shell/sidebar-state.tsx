import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router-dom';
import { useMediaQuery } from '../../lib/use-media-query';
import { readSidebarExpanded, writeSidebarExpanded } from './sidebar-cookie';

/** Spec §9: below 768 px the sidebar is a drawer. */
export const MOBILE_QUERY = '(max-width: 767px)';
export const SIDEBAR_ID = 'app-sidebar';

interface SidebarState {
  /** Desktop: full width (true) or icon-only (false). */
  expanded: boolean;
  isMobile: boolean;
  /** Mobile: whether the drawer is showing. */
  mobileOpen: boolean;
  /** What the toggle button and ctrl/meta+b do on the current screen size. */
  toggle: () => void;
  closeMobile: (options?: { restoreFocus?: boolean }) => void;
  toggleButtonRef: RefObject<HTMLButtonElement | null>;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [expanded, setExpanded] = useState(() => readSidebarExpanded());
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleButtonRef = useRef<HTMLButtonElement | null>(null);
  const { key: locationKey } = useLocation();

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((current) => {
      writeSidebarExpanded(!current);
      return !current;
    });
  }, [isMobile]);

  const restoreFocus = useRef(false);

  const closeMobile = useCallback((options?: { restoreFocus?: boolean }) => {
    restoreFocus.current = options?.restoreFocus ?? false;
    setMobileOpen(false);
  }, []);

  // Focus goes back to the toggle only after the drawer closed and the header stopped being inert.
  useEffect(() => {
    if (mobileOpen || !restoreFocus.current) return;
    restoreFocus.current = false;
    toggleButtonRef.current?.focus();
  }, [mobileOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  useEffect(() => {
    if (!mobileOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') closeMobile({ restoreFocus: true });
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen, closeMobile]);

  // The drawer closes on any navigation (even to the current page) and when the window crosses the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not an input.
  useEffect(() => {
    setMobileOpen(false);
  }, [locationKey, isMobile]);

  const value = useMemo<SidebarState>(
    () => ({ expanded, isMobile, mobileOpen, toggle, closeMobile, toggleButtonRef }),
    [expanded, isMobile, mobileOpen, toggle, closeMobile],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}
