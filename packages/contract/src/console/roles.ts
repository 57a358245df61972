/*
 * The console's roles and what each may do: one table, read by the server on every call, by the web to
 * hide what a role cannot do, and by the table-driven test that tries every role on every call.
 */

export const OPERATOR_ROLES = ['admin', 'backoffice', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  admin: 'Amministratore',
  backoffice: 'Back office',
  viewer: 'Sola lettura',
};

export const OPERATOR_STATUSES = ['pending', 'active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

export const OPERATOR_STATUS_LABELS: Record<OperatorStatus, string> = {
  pending: 'In attesa di attivazione',
  active: 'Attivo',
  disabled: 'Disattivato',
};

/** Everything a console call can need beyond a signed-in operator. */
export const CONSOLE_PERMISSIONS = [
  'orders.read',
  /** Personal data in clear: viewers see it masked and reveal it one order at a time (audited). */
  'orders.personal_data',
  'orders.reveal',
  'orders.export',
  'orders.transition',
  'orders.note',
  'documents.read',
  'documents.review',
  'leads.read',
  'leads.manage',
  'premade.read',
  'premade.manage',
  'mobile.manage',
  /** Coverage and ATECO files (settings). */
  'reference.upload',
  /** A customer's data export and a draft's erasure. */
  'privacy.manage',
  'operators.manage',
  /** The provider API's bearer tokens: make, list, revoke. */
  'provider_tokens.manage',
  'audit.read',
  /** The dashboard's counts (no personal data). */
  'dashboard.read',
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

/** A permission in words (the audit log's refusals name the one missing). */
export const CONSOLE_PERMISSION_LABELS: Record<ConsolePermission, string> = {
  'orders.read': 'consultare gli ordini',
  'orders.personal_data': 'vedere i dati personali',
  'orders.reveal': 'mostrare i dati personali di un ordine',
  'orders.export': 'esportare gli ordini',
  'orders.transition': 'cambiare lo stato degli ordini',
  'orders.note': 'aggiungere note agli ordini',
  'documents.read': 'aprire i documenti',
  'documents.review': 'verificare i documenti',
  'leads.read': 'consultare i contatti',
  'leads.manage': 'gestire i contatti',
  'premade.read': 'consultare gli ordini precompilati',
  'premade.manage': 'gestire gli ordini precompilati',
  'mobile.manage': 'gestire gli ordini mobile',
  'reference.upload': 'caricare i file di riferimento',
  'privacy.manage': 'usare gli strumenti privacy',
  'operators.manage': 'gestire gli operatori',
  'provider_tokens.manage': 'gestire i token API del fornitore',
  'audit.read': 'consultare il registro attività',
  'dashboard.read': 'consultare il cruscotto',
};

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly ConsolePermission[]> = {
  admin: CONSOLE_PERMISSIONS,
  backoffice: [
    'orders.read', 'orders.personal_data', 'orders.export', 'orders.transition', 'orders.note',
    'documents.read', 'documents.review',
    'leads.read', 'leads.manage', 'premade.read', 'premade.manage', 'mobile.manage',
    'dashboard.read',
  ],
  // Reads with masked personal data; a reveal is one audited call per order. No documents: an identity
  // document is personal data that masking cannot cover.
  viewer: ['orders.read', 'orders.reveal', 'orders.export', 'leads.read', 'premade.read'],
};

export const can = (role: OperatorRole, permission: ConsolePermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);
