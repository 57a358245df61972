/** What the porting page can do for a mobile order in each status (server: mobile module, docs/side-flows.md). */
export type MnpStatus = 'awaiting_mnp_confirmation' | 'mnp_confirmed' | 'mnp_correction_requested' | 'ready_to_activate' | 'active';

export interface MnpActions {
  /** 'Confermo i dati' is offered. */
  canConfirm: boolean;
  /** 'Correggi i dati' is offered. */
  canCorrect: boolean;
  /** The order carries a porting at all (a donor operator). */
  hasPorting: boolean;
}

const CORRECTABLE = ['awaiting_mnp_confirmation', 'mnp_confirmed', 'mnp_correction_requested'];

export const mnpActions = (order: { status: string; donor_operator: string | null }): MnpActions => ({
  canConfirm: order.status === 'awaiting_mnp_confirmation',
  canCorrect: CORRECTABLE.includes(order.status),
  hasPorting: order.donor_operator !== null || CORRECTABLE.includes(order.status),
});

/** The i18n key of a status's label; an unknown status reads as 'in lavorazione'. */
export const statusKey = (status: string): string =>
  ['awaiting_mnp_confirmation', 'mnp_confirmed', 'mnp_correction_requested', 'ready_to_activate', 'active'].includes(status)
    ? `mnpFlow.status.${status}`
    : 'mnpFlow.status.other';
