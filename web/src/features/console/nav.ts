import type { ConsolePermission } from '@checkout/contract/console/roles';
import { TEXT } from './text';

/** A section of the console's navigation, shown to the roles holding `permission`. */
export interface ConsoleNavItem { to: string; label: string; permission: ConsolePermission }

/** The daily work first; other parts' sections go between these and the admin's. */
export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { to: '/console/ordini', label: TEXT.nav.orders, permission: 'orders.read' },
  { to: '/console/verifica', label: TEXT.nav.reviews, permission: 'documents.review' },
  { to: '/console/cruscotto', label: TEXT.nav.dashboard, permission: 'dashboard.read' },
];

export const ADMIN_NAV: readonly ConsoleNavItem[] = [
  { to: '/console/operatori', label: TEXT.nav.operators, permission: 'operators.manage' },
  { to: '/console/registro', label: TEXT.nav.audit, permission: 'audit.read' },
];

/** The items a session's permissions open (the server refuses the rest anyway). */
export const navFor = (permissions: readonly ConsolePermission[], items: readonly ConsoleNavItem[] = CONSOLE_NAV): ConsoleNavItem[] =>
  items.filter((item) => permissions.includes(item.permission));
