import type { RouteObject } from 'react-router';
import type { ConsoleNavItem } from '../nav';
import { Requires } from '../requires';
import { LeadPage } from './pages/lead-page';
import { LeadsPage } from './pages/leads-page';
import { MobileFormPage } from './pages/mobile-form-page';
import { MobilePage } from './pages/mobile-page';
import { PremadeFormPage } from './pages/premade-form-page';
import { PremadePage } from './pages/premade-page';
import { SALES_TEXT } from './text';

/** The signed-in console's pages for leads, pre-made and mobile orders (children of the console's frame under /console). */
export const salesConsoleRoutes: RouteObject[] = [
  { path: 'contatti', element: <Requires permission="leads.read"><LeadsPage /></Requires> },
  { path: 'contatti/:leadId', element: <Requires permission="leads.read"><LeadPage /></Requires> },
  { path: 'ordini-precompilati', element: <Requires permission="premade.read"><PremadePage /></Requires> },
  { path: 'ordini-precompilati/nuovo', element: <Requires permission="premade.manage"><PremadeFormPage /></Requires> },
  { path: 'ordini-mobile', element: <Requires permission="mobile.manage"><MobilePage /></Requires> },
  { path: 'ordini-mobile/nuovo', element: <Requires permission="mobile.manage"><MobileFormPage /></Requires> },
];

export const salesConsoleNav: ConsoleNavItem[] = [
  { to: '/console/contatti', label: SALES_TEXT.nav.leads, permission: 'leads.read' },
  { to: '/console/ordini-precompilati', label: SALES_TEXT.nav.premade, permission: 'premade.read' },
  { to: '/console/ordini-mobile', label: SALES_TEXT.nav.mobile, permission: 'mobile.manage' },
];
