import { useEffect, useRef } from 'react';
import { NavLink, useNavigation } from 'react-router-dom';
import { NO_PHASES } from '#shared/domain/phases';
import { hasPaid } from '../../data/account/me-api';
import { useMe } from '../../data/account/use-me';
import { usePhaseUpdates } from '../../data/account/use-phase-updates';
import { FEEDBACK_TEXT } from '../../features/feedback/feedback-texts';
import { useFeedbackBadges } from '../../features/feedback/use-feedback-badges';
import type { AuthUser } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { IconClose, IconLock } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { ADMIN_GROUPS, founderGroups, type NavGroup, type NavItem } from './nav-items';
import { SIDEBAR_ID, useSidebar } from './sidebar-state';

export function Sidebar({ user }: { user: AuthUser }) {
  const { expanded, isMobile, mobileOpen, closeMobile } = useSidebar();
  const closeRef = useRef<HTMLButtonElement>(null);
  // Admins have no phases, so they never fetch them.
  const me = useMe({ enabled: !user.isAdmin });
  // Spec §2: the flags follow the founder's phase record live (an unpaid account is refused by the server anyway).
  usePhaseUpdates({ enabled: !user.isAdmin && me.data !== undefined && hasPaid(me.data) });
  // Open comments from a coach, per phase page.
  const badges = useFeedbackBadges({ enabled: !user.isAdmin && me.data !== undefined && hasPaid(me.data) });
  // If /api/me fails every phase page stays locked (the page area says what went wrong).
  const flags = me.isPending ? 'loading' : (me.data?.phases ?? NO_PHASES);
  const groups = user.isAdmin ? ADMIN_GROUPS : founderGroups(flags);
  // Icon-only applies to the desktop rail; the mobile drawer always shows labels.
  const iconOnly = !isMobile && !expanded;

  useEffect(() => {
    if (isMobile && mobileOpen) closeRef.current?.focus();
  }, [isMobile, mobileOpen]);

  const nav = (
    <nav aria-label="Main" className="sidebar__nav">
      {groups.map((group) => (
        <SidebarGroup key={group.id} group={group} iconOnly={iconOnly} badges={badges} />
      ))}
    </nav>
  );

  if (!isMobile) {
    return (
      <div id={SIDEBAR_ID} className="sidebar" data-state={iconOnly ? 'collapsed' : 'expanded'}>
        {nav}
      </div>
    );
  }
  return (
    <>
      {mobileOpen ? (
        <div className="sidebar-backdrop" aria-hidden="true" onClick={() => closeMobile({ restoreFocus: true })} />
      ) : null}
      <div
        id={SIDEBAR_ID}
        className="sidebar sidebar--drawer"
        data-state="expanded"
        hidden={!mobileOpen}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
      >
        <div className="sidebar__drawer-head">
          <Button
            ref={closeRef}
            variant="ghost"
            size="icon"
            aria-label="Close navigation"
            onClick={() => closeMobile({ restoreFocus: true })}
          >
            <IconClose />
          </Button>
        </div>
        {nav}
      </div>
    </>
  );
}

/** Open coach comments by page path; a page absent has none. */
type Badges = ReadonlyMap<string, number>;

function SidebarGroup({ group, iconOnly, badges }: { group: NavGroup; iconOnly: boolean; badges: Badges }) {
  const labelId = `nav-group-${group.id}`;
  return (
    <div className="nav-group">
      <div id={labelId} className="nav-group__label">
        {group.label}
      </div>
      <ul className="nav-group__list" aria-labelledby={labelId}>
        {group.items.map((item) => (
          <li key={item.label}>
            <SidebarItem item={item} iconOnly={iconOnly} badges={badges} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Each page is a lazy chunk: on a slow network the click would otherwise seem ignored until it arrives. The link being
 * loaded is marked busy (announced, and its icon becomes a spinner) until the router commits the page.
 */
function SidebarLink({
  item,
  title,
  badge,
}: {
  item: Extract<NavItem, { kind: 'link' }>;
  title: string | undefined;
  badge: number;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.location?.pathname === item.to;
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end
      className={pending ? 'nav-item nav-item--pending' : 'nav-item'}
      title={title}
      aria-busy={pending || undefined}
    >
      {pending ? <Spinner size="sm" decorative /> : <Icon className="nav-item__icon" />}
      <span className="nav-item__label">{item.label}</span>
      {badge > 0 ? (
        <span className="nav-item__badge" data-testid="feedback-badge">
          <span aria-hidden="true">{badge}</span>
          <span className="sr-only">{FEEDBACK_TEXT.openComments(badge)}</span>
        </span>
      ) : null}
      {pending ? <span className="sr-only">(loading)</span> : null}
    </NavLink>
  );
}

function SidebarItem({ item, iconOnly, badges }: { item: NavItem; iconOnly: boolean; badges: Badges }) {
  // In the icon-only rail the label stays in the accessible name (visually hidden) and shows as a tooltip.
  const title = iconOnly ? item.label : undefined;
  if (item.kind === 'loading') {
    return (
      <span role="status" className="nav-item nav-item--disabled nav-item--loading" title={title}>
        <Spinner size="sm" decorative />
        <span className="nav-item__label">{item.label}</span>
      </span>
    );
  }
  const Icon = item.icon;
  if (item.kind === 'link') return <SidebarLink item={item} title={title} badge={badges.get(item.to) ?? 0} />;
  // A locked entry is a link without href (not followable, not in the tab order, like a disabled button); role=link
  // with aria-disabled keeps it announced as a place that is not open yet.
  return (
    // biome-ignore lint/a11y/useValidAnchor: a disabled link has no href on purpose (see above).
    <a role="link" aria-disabled="true" className="nav-item nav-item--disabled" title={title && `${title} (locked)`}>
      <Icon className="nav-item__icon" />
      <span className="nav-item__label">{item.label}</span> <span className="sr-only">(locked)</span>
      <IconLock size={14} className="nav-item__trail" />
    </a>
  );
}
