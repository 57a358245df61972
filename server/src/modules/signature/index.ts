/*
 * Signature: contract preview, OTP signing, the sealed PDF, evidence, withdrawal and consent changes.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createSignatureModule, signatureModule } from './routes';
export { contractFilesOnRecord, hasSignatureEvidence, readContractFile } from './contract-files';
export type { ContractFileKind } from './contract-files';
export { DESTINATION_WINDOW_MS, PROOF_WINDOW_MS, destinationLockKey } from './destination-limit';
export type { DestinationLimits } from './destination-limit';
export { createCustomerDevices } from './customer-device';
export type { CustomerDevices } from './customer-device';
export type { ClientInfo } from './client-info';
export { EvidenceIntegrityError, buildEvidenceBundle } from './evidence-bundle';
export { maskPhone, toItalianE164 } from './masking';
export { createOrderCodeChallenge } from './order-code-challenge';
export type { ChallengeDeps } from './order-code-challenge';
export { ORDER_NUMBER_FAILURE_WINDOW_MS, lookUpOrderNumber, orderNumberClientLockKey } from './order-number-guesses';
export { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS } from './otp-code';
export { DEFAULT_SEND_LIMITS, DEVELOPMENT_OTP_PEPPER } from './service';
export { activationTimingOf, activationTimingsOf } from './activation-timing';
