/*
 * The provider API: the provider's systems read orders, move them along the workflow, publish appointment
 * slots and write notes for the customer, with scoped bearer tokens made in the console or the CLI. The
 * module's face: the app, the CLI and the tests import only this file.
 */
export { providerModule } from './routes';
export { providerTokensConsoleModule } from './console-routes';
export { providerCliCommands } from './cli-commands';
export { createProviderToken, hashProviderToken, listProviderTokens, revokeProviderToken } from './tokens';
export type { ProviderToken, TokenAdmin } from './tokens';
export { providerOpenApiDocument } from './openapi';
