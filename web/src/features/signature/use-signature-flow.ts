import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useQueryClient } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { COVERAGE_PATH, SIGNATURE_ERROR_CODES } from '@checkout/contract';
import { OTP_LENGTH } from '../../components/form-otp-input';
import type { ThankYouData } from '../../components/thank-you';
import { track } from '../../lib/analytics';
import { analyticsOrderId, ecommerceOf } from '../../lib/ecommerce';
import { getPublicConfig } from '../../lib/public-config';
import { reopenCurrentOrder } from '../../lib/reopen-order';
import { toUiError } from '../../lib/ui-error';
import { useCheckoutStore } from '../../state/checkout-store';
import { contractPreviewKey, useContractPreview, useReopenOrder, useSendOtp, useSignWithOtp } from './api/signature-api';
import { acceptancesFor, missingAcceptances, type AcceptanceName, type Acceptances } from './contract-acceptances';
import { paidOptionBoxId } from './prepared-paid-options';
import { clearThankYou, readThankYou, saveThankYou } from './thank-you-store';
import { useCountdown } from './use-countdown';

export const STEP_5_PATH = '/attiva/step-5';

const ACCEPTANCE_MISSING: Record<AcceptanceName, string> = {
  contract_summary_read: 'signature.summaryMissing',
  fea_conditions_accepted: 'signature.feaMissing',
  contract_terms_accepted: 'signature.termsMissing',
  contract_withdrawal_accepted: 'signature.withdrawalMissing',
};

export type OtpMode = 'sms' | 'email';

/** What the visitor has chosen and been told on the way to the signature. */
export interface SignatureState {
  mode: OtpMode;
  /** Where the last code went (masked), once send-otp answered. */
  sentTo: string | null;
  /** When another code may be asked (epoch ms). */
  resendAt: number | null;
  otp: string;
  accepted: Acceptances;
  earlyActivation: boolean;
  acceptErrors: Partial<Record<AcceptanceName, string>>;
  sendError: string | null;
  /** The send was refused for want of the identity document: the page links back to its upload. */
  sendNeedsDocument: boolean;
  signError: string | null;
  editError: string | null;
}

export type SignatureAction =
  | { type: 'mode'; mode: OtpMode }
  | { type: 'otp'; otp: string }
  | { type: 'accept'; name: AcceptanceName; checked: boolean }
  | { type: 'earlyActivation'; checked: boolean }
  | { type: 'acceptErrors'; errors: Partial<Record<AcceptanceName, string>> }
  | { type: 'sending' }
  | { type: 'sent'; destination: string; resendAt: number }
  | { type: 'sendFailed'; message: string; needsDocument?: boolean }
  /** The pending code is void (the order reopened, or the number it went to changed). */
  | { type: 'codeVoid'; resetMode: boolean }
  | { type: 'signError'; message: string | null }
  | { type: 'editError'; message: string | null };

export const initialSignatureState: SignatureState = {
  mode: 'sms', sentTo: null, resendAt: null, otp: '',
  accepted: { contract_summary_read: false, contract_terms_accepted: false, contract_withdrawal_accepted: false, fea_conditions_accepted: false },
  earlyActivation: false, acceptErrors: {}, sendError: null, sendNeedsDocument: false, signError: null, editError: null,
};

export function signatureReducer(state: SignatureState, action: SignatureAction): SignatureState {
  switch (action.type) {
    case 'mode': return { ...state, mode: action.mode };
    case 'otp': return { ...state, otp: action.otp };
    case 'accept': return {
      ...state,
      accepted: { ...state.accepted, [action.name]: action.checked },
      ...(action.checked ? { acceptErrors: { ...state.acceptErrors, [action.name]: undefined } } : {}),
    };
    case 'earlyActivation': return { ...state, earlyActivation: action.checked };
    case 'acceptErrors': return { ...state, acceptErrors: action.errors };
    case 'sending': return { ...state, sendError: null, sendNeedsDocument: false };
    case 'sent': return { ...state, sentTo: action.destination, resendAt: action.resendAt, signError: null };
    case 'sendFailed': return { ...state, sendError: action.message, sendNeedsDocument: action.needsDocument === true };
    case 'codeVoid': return { ...state, sentTo: null, resendAt: null, otp: '', ...(action.resetMode ? { mode: 'sms' } : {}) };
    case 'signError': return { ...state, signError: action.message };
    case 'editError': return { ...state, editError: action.message };
  }
}

/**
 * The thank-you of this tab's last signed order, kept across a reload. Read during render without side
 * effects (React may call an initialiser twice). Once the tab is on another order, it is that order's page.
 */
export function useSignedThankYou() {
  const [stored] = useState<ThankYouData | null>(() => {
    const kept = readThankYou();
    const current = useCheckoutStore.getState().persistent.currentOrderData.hash;
    return kept && (current === null || current === kept.orderCode) ? kept : null;
  });
  const [thanks, setThanks] = useState<ThankYouData | null>(stored);
  const [justSigned, setJustSigned] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const startNewOrder = useCheckoutStore((s) => s.startNewOrder);
  const onAnotherOrder = useCheckoutStore((s) => s.persistent.currentOrderData.hash !== null && s.persistent.currentOrderData.hash !== thanks?.orderCode);

  useEffect(() => {
    if (!stored && onAnotherOrder) clearThankYou();
  }, [stored, onAnotherOrder]);

  useEffect(() => {
    if (!thanks) return;
    // The signed order is over: the store starts afresh (SPEC §4 full reset) once the screen has its data.
    if (useCheckoutStore.getState().persistent.currentOrderData.hash === thanks.orderCode) startNewOrder(true);
    if (justSigned) headingRef.current?.focus();
  }, [thanks, justSigned, startNewOrder]);

  const onSigned = (data: ThankYouData) => {
    saveThankYou(data);
    setJustSigned(true);
    setThanks(data);
  };
  return { thanks, headingRef, onSigned };
}

/**
 * The signature page's state machine (SPEC §2 Firma): the contract preview, the acceptances, the one-time
 * code (asked, resent, voided when the order reopens or the number changes) and the signature itself.
 */
export function useSignatureFlow(onSigned: (data: ThankYouData) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = useCheckoutStore(useShallow((x) => ({
    hash: x.persistent.currentOrderData.hash, status: x.order?.status ?? null, maxStep: x.persistent.maxStep, promo: x.fields.promo,
    mobile: x.fields.mobile_phone_number, email: x.fields.email, alreadySentOtp: x.persistent.alreadySentOtp,
    customerType: x.fields.customer_type,
  })));
  const [state, dispatch] = useReducer(signatureReducer, initialSignatureState);
  const otpRef = useRef<HTMLInputElement>(null);
  const wait = useCountdown(state.resendAt);
  const sendOtp = useSendOtp();
  const signWithOtp = useSignWithOtp();
  const reopenOrder = useReopenOrder();

  const ready = order.hash !== null && order.status === 'ready_to_sign';
  const preview = useContractPreview(order.hash, ready);
  const hash = order.hash ?? '';
  const consumer = order.customerType !== 'business';
  // The withdrawal right is the consumer's (Codice del Consumo art. 52): a business order asks only for the terms.
  const acceptances = acceptancesFor(order.customerType);
  // A pre-made order's paid options, ticked one by one (Codice del Consumo art. 65 c. 2); a tick counts for the preview it was given on.
  const paidToConfirm = preview.data?.paid_options_to_confirm ?? [];
  const [paidTicks, setPaidTicks] = useState<ReadonlySet<string>>(new Set());
  const [paidErrors, setPaidErrors] = useState<Record<string, string | undefined>>({});
  const tickKey = (key: string) => `${preview.data?.sha256 ?? ''}|${key}`;
  const paidConfirmed = (key: string): boolean => paidTicks.has(tickKey(key));
  const confirmPaid = (key: string, checked: boolean) => {
    setPaidTicks((ticks) => {
      const next = new Set(ticks);
      if (checked) next.add(tickKey(key)); else next.delete(tickKey(key));
      return next;
    });
    if (checked) setPaidErrors((errors) => ({ ...errors, [key]: undefined }));
  };

  /**
   * Going back to change the order: the server voids the pending code and unfreezes the order
   * (while a code is pending nothing that the contract prints may change).
   */
  const reopen = async (): Promise<void> => {
    await reopenCurrentOrder();
    dispatch({ type: 'codeVoid', resetMode: false });
  };

  const editOrder = async () => {
    dispatch({ type: 'editError', message: null });
    try {
      await reopenOrder.mutateAsync();
      dispatch({ type: 'codeVoid', resetMode: false });
      void navigate(STEP_5_PATH);
    } catch (error) {
      dispatch({ type: 'editError', message: toUiError(error, t).message });
    }
  };

  const sendCode = async () => {
    const missing = missingAcceptances(acceptances, state.accepted);
    dispatch({ type: 'acceptErrors', errors: Object.fromEntries(missing.map((name) => [name, t(ACCEPTANCE_MISSING[name])])) });
    const paidMissing = paidToConfirm.filter((l) => !paidConfirmed(l.key));
    setPaidErrors(Object.fromEntries(paidMissing.map((l) => [l.key, t('signature.paidOptions.missing')])));
    if (paidMissing.length > 0 || missing.length > 0) {
      document.getElementById(paidMissing[0] ? paidOptionBoxId(paidMissing[0].key) : `accept-${missing[0]}`)?.focus();
      return;
    }
    dispatch({ type: 'sending' });
    try {
      const answer = await sendOtp.mutateAsync({ hash, body: {
        mode: state.mode, ...state.accepted, early_activation_requested: consumer && state.earlyActivation,
        confirmed_paid_options: paidToConfirm.filter((l) => paidConfirmed(l.key)).map((l) => l.key),
      } });
      dispatch({ type: 'sent', destination: answer.destination, resendAt: Date.now() + answer.resend_after_seconds * 1000 });
      useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
      requestAnimationFrame(() => otpRef.current?.focus());
    } catch (error) {
      // The server names a missing acceptance like a field: it goes next to its checkbox.
      const failure = toUiError(error, t);
      const onBoxes = acceptances.filter((name) => failure.fields[name]);
      const paidRefused = paidToConfirm.filter((l) => failure.fields[`confirmed_paid_options.${l.key}`]);
      if (paidRefused.length > 0) {
        setPaidErrors(Object.fromEntries(paidRefused.map((l) => [l.key, failure.fields[`confirmed_paid_options.${l.key}`]])));
        document.getElementById(paidOptionBoxId(paidRefused[0]?.key ?? ''))?.focus();
      } else if (onBoxes.length > 0) {
        dispatch({ type: 'acceptErrors', errors: Object.fromEntries(onBoxes.map((name) => [name, failure.fields[name]])) });
        document.getElementById(`accept-${onBoxes[0]}`)?.focus();
      } else dispatch({ type: 'sendFailed', message: failure.message, needsDocument: failure.code === SIGNATURE_ERROR_CODES.identityDocumentRequired });
    }
  };

  /** The new number confirmed its code: the contract prints it, so the preview and any code are asked for again. */
  const mobileChanged = async (number: string) => {
    const store = useCheckoutStore.getState();
    store.setFields({ mobile_phone_number: number });
    store.setPersistent({ alreadySentOtp: false });
    dispatch({ type: 'codeVoid', resetMode: true });
    await queryClient.invalidateQueries({ queryKey: contractPreviewKey(hash) });
  };

  const sign = async () => {
    if (state.otp.length !== OTP_LENGTH) {
      dispatch({ type: 'signError', message: t('signature.otpIncomplete') });
      otpRef.current?.focus();
      return;
    }
    if (signWithOtp.isPending) return;
    dispatch({ type: 'signError', message: null });
    try {
      const answer = await signWithOtp.mutateAsync({ hash, otp: state.otp });
      const store = useCheckoutStore.getState();
      if (store.offer) {
        const ecommerce = ecommerceOf(store.offer, store.fields.options, store.optionExtras.additionalVariants);
        void analyticsOrderId(answer.order.hash).then((transaction_id) => track('purchase', { transaction_id, ...ecommerce }));
      }
      // The server's one-hour links (the hash alone opens neither file).
      const apiBase = getPublicConfig().apiBaseUrl.replace(/\/+$/, '');
      onSigned({
        orderCode: answer.order.hash,
        orderNumber: answer.order.order_number ?? answer.order.hash,
        email: store.fields.email,
        customerName: store.fields.customer_type === 'business' && store.fields.ragione_sociale ? store.fields.ragione_sociale : store.fields.first_name,
        signedAt: answer.signed_at,
        signedContractUrl: `${apiBase}${answer.files.signed_contract_url}`,
        evidenceBundleUrl: `${apiBase}${answer.files.evidence_bundle_url}`,
        filesExpireAt: answer.files.expires_at,
        consumer,
        activationText: answer.activation_text,
        shipsRouter: Boolean(store.offer?.options.some((o) => o.category === 'router' && o.included)) || store.fields.options.some((o) => o.category === 'router'),
      });
    } catch (rejection) {
      // sign-with-otp rejects with the response body (SPEC §7): its message, its code.
      const failure = toUiError(rejection, t);
      dispatch({ type: 'signError', message: failure.message });
      if (failure.code === SIGNATURE_ERROR_CODES.alreadySigned) void navigate(COVERAGE_PATH);
      // The message says the contract changed: the page shows it as it is now, to be read before a new code.
      if (failure.code === SIGNATURE_ERROR_CODES.documentChanged) void queryClient.invalidateQueries({ queryKey: contractPreviewKey(hash) });
      otpRef.current?.focus();
    }
  };

  return {
    order, ready, hash, consumer, acceptances, preview, state, dispatch, otpRef, wait,
    paidOptions: { lines: paidToConfirm, confirmed: paidConfirmed, errors: paidErrors, onChange: confirmPaid },
    sending: sendOtp.isPending, signing: signWithOtp.isPending, reopening: reopenOrder.isPending,
    codeSent: order.alreadySentOtp || state.sentTo !== null,
    previewError: preview.error ? toUiError(preview.error, t).message : null,
    reopen, editOrder, sendCode, mobileChanged, sign,
  };
}

export type SignatureFlow = ReturnType<typeof useSignatureFlow>;
