import { z } from 'zod';
import { sessionSlot } from '../../lib/session-slot';

/**
 * A number change waiting for its code, kept in this tab's sessionStorage: a refresh shows the code
 * field again (the server keeps the change for 10 minutes) instead of asking for the number anew.
 */
export const MOBILE_CHANGE_KEY = 'checkout-mobile-change';

const schema = z.object({
  /** The order it belongs to: another order in this tab forgets it. */
  hash: z.string().max(64),
  /** The new number as the visitor typed it, normalised (`3471112299`). */
  number: z.string().max(20),
  /** The new number as the server masked it. */
  destination: z.string().max(40),
  /** Epoch ms: past it the code no longer confirms. */
  expiresAt: z.number(),
  /** Epoch ms: before it the server refuses another code. */
  resendAt: z.number(),
});

export type PendingMobileChange = z.infer<typeof schema>;

const slot = sessionSlot(MOBILE_CHANGE_KEY, schema);

export const savePendingChange = (change: PendingMobileChange, storage: Storage = sessionStorage): void => slot.save(change, storage);

/** The pending change of `hash`, unless it expired (read during render: no side effect). */
export const readPendingChange = (hash: string | null, now = Date.now(), storage: Storage = sessionStorage): PendingMobileChange | null => {
  const change = hash === null ? null : slot.read(storage);
  return change && change.hash === hash && change.expiresAt > now ? change : null;
};

export const clearPendingChange = (storage: Storage = sessionStorage): void => slot.clear(storage);
