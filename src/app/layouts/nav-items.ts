import type { Permission } from '../../shared/permissions.ts';
import { layoutMessages } from '../messages.ts';
import { paths } from '../../shared/paths.ts';

export type NavIcon = 'upload' | 'documents' | 'data' | 'users';

export interface NavItem {
  id: string;
  label: string;
  href: string;
  icon: NavIcon;
  /** Same rule as the route's guard (spec §6): hidden unless all are held. */
  permissions: readonly Permission[];
  /** The data entry expands to the table names. */
  expandable?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'upload', label: layoutMessages.upload, href: paths.dashboard.upload.getHref(), icon: 'upload', permissions: ['upload'] },
  { id: 'documents', label: layoutMessages.documents, href: paths.dashboard.documents.getHref(), icon: 'documents', permissions: ['read'] },
  { id: 'data', label: layoutMessages.data, href: paths.dashboard.data.getHref(), icon: 'data', permissions: ['read'], expandable: true },
  { id: 'users', label: layoutMessages.users, href: paths.dashboard.users.getHref(), icon: 'users', permissions: ['admin'] },
];
