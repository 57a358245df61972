/** Who asked (evidence and per-client limits): shared by every signature flow, so its own file. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}
