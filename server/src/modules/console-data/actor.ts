/** Who acts in the console, for the job rows and the audit log. */
export interface Actor {
  id: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
}
