import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context.ts';
import { useTablesCatalog } from '../../features/data/api/get-tables-catalog.ts';
import { OfflineSession } from '../../features/upload/outbox/offline-session.tsx';
import { APP_TITLE, layoutMessages } from '../messages.ts';
import { paths } from '../../shared/paths.ts';
import { CloseIcon, DocumentIcon, MenuIcon } from '../../ui/icons.tsx';
import { FullPageSpinner } from '../../ui/spinner.tsx';
import { ConnectionBanner } from './connection-banner.tsx';
import { Sidebar } from './sidebar.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';
import '../styles/layout.css';

/**
 * Header with icon, title and menu toggle; a sidebar that collapses on wide screens and becomes a
 * slide-in drawer over a dark overlay on small ones (CSS decides which, by width).
 */
export function DashboardLayout() {
  const { user, logout } = useAuth();
  const { tables } = useTablesCatalog();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  async function handleLogout() {
    await logout();
    navigate(paths.login.getHref(), { replace: true });
  }

  // Narrow screens open the drawer; wide ones collapse the sidebar. The toggle's name and state say
  // which one the user sees, so a screen reader is not told 'expanded' over a closed drawer.
  const narrow = useNarrowScreen();
  useEffect(() => setDrawerOpen(false), [narrow]);
  const menuOpen = narrow ? drawerOpen : !collapsed;
  function toggleMenu() {
    if (narrow) setDrawerOpen((v) => !v);
    else setCollapsed((v) => !v);
  }

  return (
    <div className={`shell${collapsed ? ' is-collapsed' : ''}${drawerOpen ? ' is-drawer-open' : ''}`}>
      <header className="topbar">
        <button
          type="button"
          className="icon-button menu-toggle"
          aria-label={menuOpen ? layoutMessages.closeMenu : layoutMessages.openMenu}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={toggleMenu}
        >
          {narrow && drawerOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <DocumentIcon className="topbar-icon" width={24} height={24} />
        <span className="topbar-title">{APP_TITLE}</span>
        {user ? <span className="topbar-user">{user.email}</span> : null}
      </header>
      <div className="drawer-overlay" aria-hidden="true" onClick={() => setDrawerOpen(false)} data-testid="drawer-overlay" />
      <aside id="sidebar" className="sidebar">
        <Sidebar user={user} tables={tables} onNavigate={() => setDrawerOpen(false)} onLogout={handleLogout} />
      </aside>
      <OfflineSession userId={user?.id ?? null} />
      <main className="content" id="main">
        <ConnectionBanner />
        <Suspense fallback={<FullPageSpinner label={layoutMessages.loading} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
