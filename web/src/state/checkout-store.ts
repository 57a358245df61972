import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import {
  CHECKOUT_STORE_KEY,
  FIELDS_SCHEMA_VERSION,
  resetCoverage,
  resetOptions,
  startNewOrder,
  type AddedOption,
  type FormFields,
  type OptionsState,
  type Offer,
  type PersistentState,
} from '@checkout/contract';
import { yieldToBrowser } from '../lib/yield-to-browser';
import {
  initialCheckoutData, initialCustomerAnswer, initialOfferSelection,
  type CheckoutData, type CustomerAnswerData, type OfferSelectionData, type OrderRef, type StoredCheckout, type StoredCheckoutParser,
} from './checkout-data';

export * from './checkout-data';

export interface CheckoutActions {
  setFields: (patch: Partial<FormFields>) => void;
  setPersistent: (patch: Partial<PersistentState>) => void;
  /** Step 1's already-a-customer answer: into `persistent.isBrandCustomer`, and marked as given. */
  answerBrandCustomer: (isBrandCustomer: boolean) => void;
  /** Moves to `step` and raises maxStep when it is the furthest reached. */
  setStep: (step: number) => void;
  setOffer: (offer: Offer | null) => void;
  setOrder: (order: OrderRef | null) => void;
  startNewOrder: (fullReset?: boolean) => void;
  resetCoverage: () => void;
  setAvailableOfferIds: (ids: number[]) => void;
  /** Writes a whole contract OptionsState: options into fields.options, the rest into optionExtras. */
  setOptionsState: (state: OptionsState) => void;
  /** SPEC §4: clears options, speed upgrade, additional variants and analytics items. */
  resetOptions: () => void;
}

export type CheckoutState = CheckoutData & OfferSelectionData & CustomerAnswerData & CheckoutActions;

/** The contract's OptionsState of a store snapshot (select `fields.options` and `optionExtras` with useShallow). */
export const optionsStateOf = (s: { fields: Pick<FormFields, 'options'>; optionExtras: OfferSelectionData['optionExtras'] }): OptionsState => ({
  options: s.fields.options,
  ...s.optionExtras,
});

const splitOptionsState = ({ options, ...optionExtras }: OptionsState): { options: AddedOption[]; optionExtras: OfferSelectionData['optionExtras'] } => ({
  options,
  optionExtras,
});

const clampStep = (step: number): number => Math.max(0, Math.min(5, Math.trunc(step)));

/**
 * `parse` reads what the browser kept (state/stored-checkout.ts: the contract's schemas, so zod);
 * it answers undefined while it cannot yet, and the store keeps its defaults. `skipHydration`: the
 * store reads the browser only when hydrateCheckoutStore says so.
 */
export const createCheckoutStore = (
  storage: () => StateStorage = () => localStorage,
  parse: (stored: unknown) => StoredCheckout | undefined = () => undefined,
  { skipHydration = false }: { skipHydration?: boolean } = {},
) =>
  create<CheckoutState>()(
    persist(
      (set) => ({
        ...initialCheckoutData(),
        ...initialOfferSelection(),
        ...initialCustomerAnswer(),
        setFields: (patch) => set((s) => ({ fields: { ...s.fields, ...patch } })),
        setPersistent: (patch) => set((s) => ({ persistent: { ...s.persistent, ...patch } })),
        answerBrandCustomer: (isBrandCustomer) =>
          set((s) => ({ persistent: { ...s.persistent, isBrandCustomer }, brandCustomerAnswered: true })),
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
            // The contract resets isBrandCustomer with a new order: the question is asked again.
            return { fields: next.fields, persistent: next.state, order: null, brandCustomerAnswered: false };
          }),
        // The sellable offers are not a form field: the contract leaves clearing them to their keeper.
        resetCoverage: () => set((s) => ({ fields: resetCoverage(s.fields), availableOfferIds: [] })),
        setAvailableOfferIds: (ids) => set({ availableOfferIds: [...ids] }),
        setOptionsState: (state) =>
          set((s) => {
            const { options, optionExtras } = splitOptionsState(state);
            return { fields: { ...s.fields, options }, optionExtras };
          }),
        resetOptions: () =>
          set((s) => {
            const { options, optionExtras } = splitOptionsState(resetOptions());
            return { fields: { ...s.fields, options }, optionExtras };
          }),
      }),
      {
        name: CHECKOUT_STORE_KEY,
        version: FIELDS_SCHEMA_VERSION,
        storage: createJSONStorage(storage),
        partialize: (s): CheckoutData & OfferSelectionData & CustomerAnswerData => ({
          fields: s.fields, persistent: s.persistent, offer: s.offer, order: s.order,
          availableOfferIds: s.availableOfferIds, optionExtras: s.optionExtras, brandCustomerAnswered: s.brandCustomerAnswered,
        }),
        // SPEC §4: a stored field-schema version other than 29 resets everything.
        migrate: () => ({ ...initialCheckoutData(), ...initialOfferSelection(), ...initialCustomerAnswer() }),
        // Nothing stored: the defaults the store started with.
        merge: (stored, current) => {
          const data = stored === undefined ? undefined : parse(stored);
          return data ? { ...current, ...data } : current;
        },
        skipHydration,
      },
    ),
  );

let storedParser: StoredCheckoutParser | undefined;

/**
 * The page's store. It reads the browser when the app starts (hydrateCheckoutStore), not when this
 * module loads, so the first screen of a first visit carries no zod (DESIGN §5).
 */
export const useCheckoutStore = createCheckoutStore(() => localStorage, (stored) => storedParser?.(stored), { skipHydration: true });

/**
 * Reads what the browser kept into the page's store, loading the parser only when something is
 * stored. The app awaits it before its first render; a parser that does not load rejects, as the
 * app's own code not loading would (rendering the defaults would overwrite the visitor's checkout).
 */
export const hydrateCheckoutStore = async (hasStored: boolean): Promise<void> => {
  if (hasStored && !storedParser) {
    // zod, then the stored checkout's schemas in three parts, each evaluated in a task of its own (together, a long task).
    await import('../lib/zod-without-eval');
    await yieldToBrowser();
    // The offer's schemas, the fields' and then the order's (chunks of their own, vite.config.ts).
    await import('@checkout/contract/schemas/offer');
    await yieldToBrowser();
    await import('@checkout/contract/schemas/form-fields');
    await yieldToBrowser();
    storedParser = (await import('./stored-checkout')).parseStored;
    // And the parse of what is stored in a third: the schemas' construction alone is a long one.
    await yieldToBrowser();
  }
  await useCheckoutStore.persist.rehydrate();
};
