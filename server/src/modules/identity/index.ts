/*
 * Identity: sign-in with CIE id or SPID through the national OpenID Connect federation (docs/identity.md).
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { identityModule } from './routes';
export { orderIdentifications } from './repository';
export type { OrderIdentificationRow } from './repository';
