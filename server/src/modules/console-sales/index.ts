/*
 * The console's leads, pre-made orders and mobile orders: the same services the CLI calls, behind the
 * console's sessions, roles and audit log. The module's face: the app imports only this file.
 */
export { consoleSalesModule } from './routes';
