import { ERROR_CODES, PREMADE_ERROR_CODES, formFieldsSchema, type AddedOption, type FormFields, type Offer, customerOriginOf, type ResultOf } from '@checkout/contract';
import { useCheckoutStore } from '../../state/checkout-store';
import { statusOf, asApiError } from '../../lib/ui-error';

/** What fill-order and its verify answer: the prepared fields, and the order only once it may be opened. */
export type PremadeAnswer = ResultOf<'fillOrder'>;

/** An answer that opens the checkout: it carries the order. */
export type OpenPremadeAnswer = PremadeAnswer & { order: NonNullable<PremadeAnswer['order']> };

/**
 * Why a code opens no order (docs/side-flows.md error codes). Unknown, expired and signed codes get one
 * answer from the server, so one page; anything else (a wait after wrong codes, the network) says what
 * the server said, with a retry.
 */
export type PremadeProblem = typeof NOT_FOUND | 'other';
// The problem of an unknown code is named by the wire's own word for it.
const NOT_FOUND = ERROR_CODES.notFound;

export const premadeProblem = (error: unknown): PremadeProblem =>
  asApiError(error)?.code === PREMADE_ERROR_CODES.notFound || statusOf(error) === 404 ? NOT_FOUND : 'other';

const shape = formFieldsSchema.shape;

/**
 * The form fields of a pre-made order, each checked by the contract's own field schema: a field the
 * server sent in another shape is left out (the visitor fills it in) instead of breaking the store.
 */
export const premadeFields = (raw: Record<string, unknown>): Partial<FormFields> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = (shape as Record<string, { safeParse: (v: unknown) => { success: boolean; data?: unknown } } | undefined>)[key];
    if (!field || value === undefined || value === null) continue;
    const parsed = field.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Partial<FormFields>;
};

const OPEN_FIBER = 'Open Fiber';

/**
 * Replaces whatever checkout the browser had with the pre-made order: its fields, offer and order
 * hash, at step 1 (maxStep 1), so the step guard lets the visitor in and every step is prefilled.
 */
export const loadPremadeIntoCheckout = (answer: OpenPremadeAnswer, offer: Offer | null): void => {
  const s = useCheckoutStore.getState();
  s.startNewOrder(true);
  const fields = premadeFields(answer.fields);
  s.setFields({ ...fields, customer_origin: customerOriginOf({ premade: true, provenienza: '' }) });
  const options: AddedOption[] = fields.options ?? [];
  s.setOptionsState({ options, speedUpgrade: options.find((o) => o.category === 'speed_upgrade') ?? null, additionalVariants: [], analyticsItems: options.map((o) => ({ item_id: String(o.id) })) });
  s.setOffer(offer && offer.id === answer.offer_id ? offer : null);
  s.setAvailableOfferIds([answer.offer_id]);
  s.setOrder(answer.order);
  s.setPersistent({
    lastOfferId: answer.offer_id,
    currentOrderData: { id: answer.order.id, hash: answer.order.hash },
    hasOpenFiber: (fields.services_coverage ?? []).some((c) => c.available && c.network === OPEN_FIBER),
  });
  s.setStep(1);
};
