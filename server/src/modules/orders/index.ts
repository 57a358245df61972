/*
 * Orders: the order, its steps, prices, numbers and consents.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createOrdersModule, ordersModule } from './routes';
export { consentHistory, currentConsents, recordConsents } from './consent-ledger';
export type { ConsentState } from './consent-ledger';
export { COVERAGE_OVERRIDE_FIELD, coverageOverrideOf } from './coverage-override';
export type { CoverageOverride } from './coverage-override';
export { newOrderHash, newOrderId } from './order-hash';
export { brandInitials } from './order-number';
export { priceOrderContent, reconcileOrderContent, routerVariantOf, storedContent } from './order-pricing';
export type { PricedContent } from './order-pricing';
export { DEFAULT_NUMBER_PREFIX, unusedOrderNumber } from './order-write';
export { foldName, ibanKey, orderSearchColumns, phoneDigits, streetKey } from './order-search';
export type { OrderSearchColumns } from './order-search';
export { appendTimeline } from './order-timeline';
export { auditAs, followCheckoutSteps, moveAsCustomer, moveOrderStatus, moveToSigned, resumeReviewAfterUpload } from './order-status';
export type { WorkflowActor, WorkflowMove, WorkflowMoved } from './order-status';
export type { TimelineEntryInput } from './order-timeline';
export { seedRefererCodes } from './seed';
export { parseStoredFields, parseWrittenFields, storedFieldsJson } from './stored-fields';
export { EDITABLE_STATUSES, assertContentChangeable, findOrderByHash, findOrderForSignatureByNumber, getOrderForSignature, lockOrderRecord, orderNotFound, recordSignedPrice, requireOrderByHash, setSigningLock, toOrderRecord, toOrderRef } from './service';
export type { Conn, OrderFields, OrderForSignature, OrderRecord } from './service';
export { openStep, submitStep } from './step-submission';
export type { OpenedStep } from './step-submission';
