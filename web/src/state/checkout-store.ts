import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import {
  CHECKOUT_STORE_KEY,
  FIELDS_SCHEMA_VERSION,
  defaultFormFields,
  defaultPersistentState,
  offerSchema,
  orderRefSchema,
  rehydrate,
  resetCoverage,
  startNewOrder,
  type FormFields,
  type Offer,
  type PersistentState,
} from '@checkout/contract';
import type { z } from 'zod';

export type OrderRef = z.infer<typeof orderRefSchema>;

/** What is persisted under CHECKOUT_STORE_KEY (SPEC §4: fields, persistent state, offer, order). */
export interface CheckoutData {
  fields: FormFields;
  persistent: PersistentState;
  offer: Offer | null;
  order: OrderRef | null;
}

export interface CheckoutActions {
  setFields: (patch: Partial<FormFields>) => void;
  setPersistent: (patch: Partial<PersistentState>) => void;
  /** Moves to `step` and raises maxStep when it is the furthest reached. */
  setStep: (step: number) => void;
  setOffer: (offer: Offer | null) => void;
  setOrder: (order: OrderRef | null) => void;
  startNewOrder: (fullReset?: boolean) => void;
  resetCoverage: () => void;
}

export type CheckoutState = CheckoutData & CheckoutActions;

export const initialCheckoutData = (): CheckoutData => ({
  fields: defaultFormFields(),
  persistent: defaultPersistentState(),
  offer: null,
  order: null,
});

/**
 * Parses what the browser kept (DESIGN §6.2). Fields and persistent state follow the contract's
 * rehydrate rule (anything that does not parse resets both); offer and order fall back to null
 * on their own. Only called at the current version: `migrate` has already reset older data.
 */
export const parseStoredCheckout = (stored: unknown): CheckoutData => {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const { fields, state } = rehydrate(FIELDS_SCHEMA_VERSION, { fields: s.fields ?? {}, state: s.persistent ?? {} });
  const offer = s.offer == null ? null : offerSchema.safeParse(s.offer);
  const order = s.order == null ? null : orderRefSchema.safeParse(s.order);
  return {
    fields,
    persistent: state,
    offer: offer?.success ? offer.data : null,
    order: order?.success ? order.data : null,
  };
};

const clampStep = (step: number): number => Math.max(0, Math.min(5, Math.trunc(step)));

export const createCheckoutStore = (storage: () => StateStorage = () => localStorage) =>
  create<CheckoutState>()(
    persist(
      (set) => ({
        ...initialCheckoutData(),
        setFields: (patch) => set((s) => ({ fields: { ...s.fields, ...patch } })),
        setPersistent: (patch) => set((s) => ({ persistent: { ...s.persistent, ...patch } })),
        setStep: (step) =>
          set((s) => {
            const currentStep = clampStep(step);
            return { persistent: { ...s.persistent, currentStep, maxStep: Math.max(s.persistent.maxStep, currentStep) } };
          }),
        setOffer: (offer) => set({ offer }),
        setOrder: (order) => set({ order }),
        startNewOrder: (fullReset = false) =>
          set((s) => {
            const next = startNewOrder({ fields: s.fields, state: s.persistent }, { fullReset });
            return { fields: next.fields, persistent: next.state, order: null };
          }),
        resetCoverage: () => set((s) => ({ fields: resetCoverage(s.fields) })),
      }),
      {
        name: CHECKOUT_STORE_KEY,
        version: FIELDS_SCHEMA_VERSION,
        storage: createJSONStorage(storage),
        partialize: (s): CheckoutData => ({ fields: s.fields, persistent: s.persistent, offer: s.offer, order: s.order }),
        // SPEC §4: a stored field-schema version other than 29 resets everything.
        migrate: () => initialCheckoutData(),
        merge: (stored, current) => ({ ...current, ...parseStoredCheckout(stored) }),
      },
    ),
  );

export const useCheckoutStore = createCheckoutStore();
