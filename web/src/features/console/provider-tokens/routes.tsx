import type { RouteObject } from 'react-router';
import type { ConsoleNavItem } from '../nav';
import { Requires } from '../requires';
import { TOKENS_TEXT } from './text';
import { ProviderTokensPage } from './tokens-page';

export const PROVIDER_TOKENS_PATH = '/console/token-api';

/** The provider API's tokens, for the roles that manage them (admins), as a signed-in child of the console's frame. */
export const providerTokensConsoleRoutes: RouteObject[] = [
  { path: PROVIDER_TOKENS_PATH.slice('/console/'.length), element: <Requires permission="provider_tokens.manage"><ProviderTokensPage /></Requires> },
];

export const providerTokensConsoleNav: ConsoleNavItem[] = [
  { to: PROVIDER_TOKENS_PATH, label: TOKENS_TEXT.nav, permission: 'provider_tokens.manage' },
];
