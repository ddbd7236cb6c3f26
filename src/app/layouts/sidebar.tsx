import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { TableInfo } from '../../shared/api/tables.ts';
import type { User } from '../../shared/api/auth.ts';
import { hasPermissions } from '../../shared/permissions.ts';
import { authMessages } from '../../features/auth/messages.ts';
import { layoutMessages } from '../messages.ts';
import { paths } from '../../shared/paths.ts';
import { ChevronIcon, FolderIcon, LogoutIcon, TableIcon, UploadIcon, UsersIcon } from '../../ui/icons.tsx';
import { NAV_ITEMS, type NavIcon } from './nav-items.ts';

const ICONS: Record<NavIcon, typeof UploadIcon> = { upload: UploadIcon, documents: FolderIcon, data: TableIcon, users: UsersIcon };

interface SidebarProps {
  user: User | null;
  tables: readonly TableInfo[];
  onNavigate: () => void;
  onLogout: () => void;
}

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Entries filtered by permission; Data expands to the tables; one section expanded at a time. */
export function Sidebar({ user, tables, onNavigate, onLogout }: SidebarProps) {
  const location = useLocation();
  const currentTable = new URLSearchParams(location.search).get('table');
  const activeId = NAV_ITEMS.find((item) => isActive(location.pathname, item.href))?.id ?? null;
  const [expanded, setExpanded] = useState<string | null>(activeId === 'data' ? 'data' : null);

  // Arriving at the data screen from elsewhere opens its section; only one is open at a time.
  useEffect(() => {
    if (activeId === 'data') setExpanded('data');
  }, [activeId]);

  // A user not known yet (network failure at start-up) sees every entry; the server still decides.
  const items = NAV_ITEMS.filter((item) => !user || hasPermissions(user.permissions, item.permissions));

  return (
    <nav className="sidebar-nav" aria-label={layoutMessages.navigation}>
      <ul className="nav-list">
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          const active = activeId === item.id;
          const open = expanded === item.id;
          return (
            <li key={item.id}>
              <div className={`nav-entry${active ? ' is-active' : ''}`}>
                <Link to={item.href} className="nav-link" aria-current={active && !currentTable ? 'page' : undefined} onClick={onNavigate}>
                  <Icon />
                  <span>{item.label}</span>
                </Link>
                {item.expandable ? (
                  <button
                    type="button"
                    className={`icon-button nav-expand${open ? ' is-open' : ''}`}
                    aria-expanded={open}
                    aria-controls={`nav-children-${item.id}`}
                    aria-label={item.label}
                    onClick={() => setExpanded(open ? null : item.id)}
                  >
                    <ChevronIcon width={16} height={16} />
                  </button>
                ) : null}
              </div>
              {item.expandable && open ? (
                <ul className="nav-children" id={`nav-children-${item.id}`}>
                  {tables.map((table) => {
                    const childActive = active && currentTable === table.name;
                    return (
                      <li key={table.name}>
                        <Link
                          to={paths.dashboard.data.getHref({ table: table.name })}
                          className={`nav-child${childActive ? ' is-active' : ''}`}
                          aria-current={childActive ? 'page' : undefined}
                          onClick={onNavigate}
                        >
                          <span>{table.title}</span>{' '}
                          <span className="nav-child-name">{table.name}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button type="button" className="nav-logout" onClick={onLogout}>
        <LogoutIcon />
        <span>{authMessages.logout}</span>
      </button>
    </nav>
  );
}
