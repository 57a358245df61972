/** Who asked (evidence and per-client limits): shared by every signature flow, so its own file. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The keyed hash of the browser's device cookie, when it sent a genuine one (customer-device.ts). */
  device?: string | null;
}
