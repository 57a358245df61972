import type { Config } from '../../src/config';
import { DEVELOPMENT_OTP_PEPPER } from '../../src/modules/signature';
import { createCustomerFileLinks } from '../../src/modules/signature/customer-file-links';
import type { CustomerFile } from '../../src/modules/signature/customer-file-links';

/**
 * The path of the signed contract or the evidence bundle with a fresh one-hour link, as the signature's
 * answer gives it: for tests whose subject is the file, not the link (customer-file-links.test.ts is the
 * link's own test). `now` is the server's clock in the test.
 */
export function customerFilePath(config: Pick<Config, 'otpPepper'>, hash: string, file: CustomerFile, now: Date = new Date()): string {
  const { token } = createCustomerFileLinks(config.otpPepper ?? DEVELOPMENT_OTP_PEPPER).issue(file, hash, now);
  return `/api/orders/${encodeURIComponent(hash)}/${file === 'signed_contract' ? 'signed-contract' : 'evidence-bundle'}?link=${token}`;
}
