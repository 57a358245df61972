/*
 * Notifications: the customer's emails and SMS (signed contract with its documents, status changes, a
 * rejected document, the technician's dates published, a booked appointment, a withdrawal received with
 * its receipt), sent by the outbox's worker through these delivery handlers.
 * The module's face: the app, the events module and the tracking page import only this file.
 */
export { appNotificationHandlers, createNotificationHandlers } from './handlers';
export type { NotificationDeps, NotificationsConfig } from './handlers';
export { orderWithdrawalFormPdf, withdrawalFormFilename, withdrawalUrlOf } from './withdrawal-form';
export type { WithdrawalFormConfig, WithdrawalFormOrder } from './withdrawal-form';
