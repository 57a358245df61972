import type { RouteObject } from 'react-router';
import type { ConsoleNavItem } from '../nav';
import { RequiresPermission } from './components/form-bits';
import { LeadPage } from './pages/lead-page';
import { LeadsPage } from './pages/leads-page';
import { MobileFormPage } from './pages/mobile-form-page';
import { MobilePage } from './pages/mobile-page';
import { PremadeFormPage } from './pages/premade-form-page';
import { PremadePage } from './pages/premade-page';
import { SALES_TEXT } from './text';

/** The signed-in console's pages for leads, pre-made and mobile orders (children of the console's frame under /console). */
export const salesConsoleRoutes: RouteObject[] = [
  { path: 'contatti', element: <RequiresPermission permission="leads.read"><LeadsPage /></RequiresPermission> },
  { path: 'contatti/:leadId', element: <RequiresPermission permission="leads.read"><LeadPage /></RequiresPermission> },
  { path: 'ordini-precompilati', element: <RequiresPermission permission="premade.read"><PremadePage /></RequiresPermission> },
  { path: 'ordini-precompilati/nuovo', element: <RequiresPermission permission="premade.manage"><PremadeFormPage /></RequiresPermission> },
  { path: 'ordini-mobile', element: <RequiresPermission permission="mobile.manage"><MobilePage /></RequiresPermission> },
  { path: 'ordini-mobile/nuovo', element: <RequiresPermission permission="mobile.manage"><MobileFormPage /></RequiresPermission> },
];

export const salesConsoleNav: ConsoleNavItem[] = [
  { to: '/console/contatti', label: SALES_TEXT.nav.leads, permission: 'leads.read' },
  { to: '/console/ordini-precompilati', label: SALES_TEXT.nav.premade, permission: 'premade.read' },
  { to: '/console/ordini-mobile', label: SALES_TEXT.nav.mobile, permission: 'mobile.manage' },
];
