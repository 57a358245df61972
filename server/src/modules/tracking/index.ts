/*
 * Tracking: the customer's page of their order after the checkout (status, details with a one-time code,
 * documents, the technician's appointment).
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createTrackingModule, trackingModule } from './routes';
export type { TrackingModuleOptions } from './routes';
export type { WithdrawalFormOrder, WithdrawalFormRenderer } from './service';
