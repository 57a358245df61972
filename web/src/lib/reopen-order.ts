import { useCheckoutStore } from '../state/checkout-store';
import { getApiClient } from './api-client';

/**
 * Going back from the signature page to change the order (DESIGN §3): once a code is sent, the server
 * freezes what the contract prints until the visitor goes back, so every way back asks it first to void
 * the pending code and unfreeze the order. Always asked, not only when this browser remembers sending a
 * code: one may be pending from another tab. `alreadySentOtp` is cleared with it (the code is void).
 */
export async function reopenCurrentOrder(): Promise<void> {
  const hash = useCheckoutStore.getState().persistent.currentOrderData.hash;
  if (!hash) return;
  const ref = await getApiClient().reopenOrder({ order_hash: hash });
  const store = useCheckoutStore.getState();
  store.setOrder(ref);
  store.setPersistent({ alreadySentOtp: false });
}
