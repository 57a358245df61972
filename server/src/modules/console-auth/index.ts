/*
 * The operator console's accounts: operators, two-factor sign-in, sessions, setup links, and the call
 * registration every console module uses. The module's face: other modules, the app, the CLI and the
 * test support import only this file.
 */
export { consoleAuthModule } from './routes';
export { CONSOLE_MESSAGES, registerConsoleEndpoint, requireOperator, sessionOf } from './console-endpoint';
export type { ConsoleContext, ConsoleHandler } from './console-endpoint';
export type { LiveSession, SignedInOperator } from './sessions';
export { createActiveOperator, createOperator } from './operators';
export type { Actor } from './operators';
export { SESSION_COOKIE } from './session-cookie';
export { newTotpSecret, totpCode } from './totp';
export { consoleAuthCliCommands } from './cli-commands';
