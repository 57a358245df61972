import type { RouteObject } from 'react-router';
import type { ConsolePermission } from '@checkout/contract/console/roles';
import { Requires } from '../requires';
import { PRIVACY_PATH, PRIVACY_SEGMENT, REFERENCE_SEGMENT, referencePath } from './paths';
import { PrivacyPage } from './privacy-page';
import { ReferencePage } from './reference-page';
import { DATA_TEXT } from './text';

/** The reference-file and privacy pages, as signed-in children of the console's layout (paths relative to /console). */
export const dataConsoleRoutes: RouteObject[] = [
  { path: REFERENCE_SEGMENT.coverage, element: <Requires permission="reference.upload"><ReferencePage kind="coverage" /></Requires> },
  { path: REFERENCE_SEGMENT.ateco, element: <Requires permission="reference.upload"><ReferencePage kind="ateco" /></Requires> },
  { path: PRIVACY_SEGMENT, element: <Requires permission="privacy.manage"><PrivacyPage /></Requires> },
];

/** Their navigation entries (the console shows each to the roles holding its permission). */
export const dataConsoleNav: { to: string; label: string; permission: ConsolePermission }[] = [
  { to: referencePath('coverage'), label: DATA_TEXT.nav.reference, permission: 'reference.upload' },
  { to: PRIVACY_PATH, label: DATA_TEXT.nav.privacy, permission: 'privacy.manage' },
];
