export { ConsoleApp } from './console-app';
export { buildConsoleRoutes } from './routes';
export { Requires } from './requires';
export type { ConsoleNavItem } from './nav';
export { useCan, useConsoleSession } from './use-console-session';
export { consoleClient, consoleQueryClient } from './api/client';
