import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUSINESS_FREE_ROUTER_CONTRACT_CODE, cents, EARLY_EXIT_CHARGES, offerSchema, OPTION_IDS, optionSchema, speedProfileSchema } from '@checkout/contract';
import type { Offer, OptionCategory } from '@checkout/contract';
import { z } from 'zod';

/** The catalogue shipped with the server (DESIGN §3: offers are data, validated at start). */
export const DEFAULT_CATALOG_FILE = fileURLToPath(new URL('./catalog.json', import.meta.url));

/** SPEC §3 option ids → the category each must have (the web branches on these ids). */
export const SPEC_OPTION_CATEGORIES: ReadonlyMap<number, OptionCategory> = new Map<number, OptionCategory>([
  ...OPTION_IDS.voipFamilyUnlimited.map((id) => [id, 'voip'] as const),
  ...OPTION_IDS.businessVoipUnlimited.map((id) => [id, 'voip'] as const),
  [OPTION_IDS.baseVoip, 'voip'],
  [OPTION_IDS.voip50, 'voip'],
  [OPTION_IDS.weekendFamily, 'voip'],
  [OPTION_IDS.staticIp, 'other'],
  [OPTION_IDS.relaxGuarantee, 'other'],
  [OPTION_IDS.antivirus, 'other'],
  [OPTION_IDS.businessAssistance, 'other'],
  [OPTION_IDS.routerTopOneOff, 'router'],
  [OPTION_IDS.routerTopRental, 'router'],
  [OPTION_IDS.freeRouter, 'router'],
  [OPTION_IDS.wifi6Extender, 'repeater'],
]);

const BUSINESS_ONLY_OPTION_IDS: readonly number[] = [...OPTION_IDS.businessVoipUnlimited, OPTION_IDS.businessAssistance];

// `.strict()`: the contract schemas strip unknown keys, so a misspelt `hidden_publc` would silently
// publish an agents-only option. In the file, an unknown key is an error.
const catalogOfferSchema = offerSchema
  .extend({
    options: z.array(optionSchema.strict()),
    /** Open Fiber clusters where the offer is sold; absent: wherever its technologies are. Never public. */
    clusters: z.array(z.string().regex(/^[A-Z]$/)).min(1).optional(),
    // Declared in the file, never left to the default: AGCOM 156/23/CONS asks every offer for its speeds.
    speeds: z.array(speedProfileSchema.strict()).min(1).max(3),
    // The terms every offer states (307/23/CONS, 487/18/CONS), declared in the file too: a missing one
    // would silently read as "no commitment, leaving costs nothing".
    commitment_months: offerSchema.shape.commitment_months.unwrap(),
    exit_cost_migration: cents,
    exit_cost_cessation: cents,
    early_exit_charge: z.enum(EARLY_EXIT_CHARGES),
  })
  .strict();

export type CatalogOffer = z.infer<typeof catalogOfferSchema>;

const catalogFileSchema = z
  .object({ offers: z.array(catalogOfferSchema).min(1) })
  .strict()
  .superRefine(({ offers }, ctx) => {
    const issue = (p: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path: ['offers', ...p], message });
    const offerIds = new Set<number>();
    offers.forEach((offer, i) => {
      if (offerIds.has(offer.id)) issue([i, 'id'], `offerta ${offer.id} ripetuta`);
      offerIds.add(offer.id);
      const optionIds = new Set<number>();
      let includedRouters = 0;
      offer.options.forEach((option, j) => {
        const at = (...rest: string[]) => [i, 'options', j, ...rest];
        if (optionIds.has(option.id)) issue(at('id'), `opzione ${option.id} ripetuta nell'offerta ${offer.id}`);
        optionIds.add(option.id);
        const expected = SPEC_OPTION_CATEGORIES.get(option.id);
        if (expected && option.category !== expected) issue(at('category'), `l'opzione ${option.id} deve avere categoria ${expected} (SPEC §3)`);
        if (option.category === 'router' && option.included) includedRouters += 1;
        if (option.category === 'repeater' && option.compatible_with_tag === null) issue(at('compatible_with_tag'), 'un ripetitore deve indicare il router con cui funziona');
        if (option.category === 'speed_upgrade' && option.max_download_speed === null) issue(at('max_download_speed'), 'un aumento di velocità deve indicare la velocità');
        if (option.id === OPTION_IDS.freeRouter) {
          const isBusinessCode = option.contract_code === BUSINESS_FREE_ROUTER_CONTRACT_CODE;
          if (offer.customer_type === 'business' && !isBusinessCode) issue(at('contract_code'), `il router libero business usa il codice ${BUSINESS_FREE_ROUTER_CONTRACT_CODE}`);
          if (offer.customer_type === 'privato' && isBusinessCode) issue(at('contract_code'), `${BUSINESS_FREE_ROUTER_CONTRACT_CODE} è riservato ai clienti business`);
        }
        if (offer.customer_type === 'privato' && BUSINESS_ONLY_OPTION_IDS.includes(option.id)) issue(at('id'), `l'opzione ${option.id} è solo per clienti business`);
      });
      if (includedRouters > 1) issue([i, 'options'], 'al massimo un router incluso per offerta');
      transparencyProblems(offer).forEach(([p, message]) => issue([i, ...p], message));
    });
    for (const type of ['privato', 'business'] as const) {
      const sold = offers.filter((o) => o.customer_type === type);
      // AGCOM 307/23/CONS: beside any offer with a commitment, one of at most 12 months.
      if (sold.length > 0 && !sold.some((o) => o.commitment_months <= 12)) issue([], `serve almeno un'offerta ${type} con vincolo di al massimo 12 mesi`);
    }
  });

/** What AGCOM asks each offer to declare, checked where the provider writes it. */
function transparencyProblems(offer: z.infer<typeof catalogOfferSchema>): Array<[(string | number)[], string]> {
  const problems: Array<[(string | number)[], string]> = [];
  const own = offer.options.find((o) => o.id === OPTION_IDS.freeRouter);
  // Modem libero (348/18/CONS): every offer lets the customer use their own modem, at no charge.
  if (!own || own.category !== 'router' || own.hidden_public) problems.push([['options'], `manca l'opzione pubblica ${OPTION_IDS.freeRouter} "Uso il mio modem" (modem libero)`]);
  else if (own.recurrent_cost !== 0 || own.cash_amount !== 0) problems.push([['options', offer.options.indexOf(own)], 'il modem del cliente non può avere costi']);
  // Exit costs, each of them, may not exceed one monthly fee (487/18/CONS).
  for (const key of ['exit_cost_migration', 'exit_cost_cessation'] as const) {
    if (offer[key] > offer.recurrent_cost) problems.push([[key], 'un costo di uscita non può superare un canone mensile']);
  }
  // The voucher's share is owed for the months left of a commitment as long as the voucher's months.
  if (offer.early_exit_charge === 'voucher_share' && (offer.voucher === null || offer.voucher.months !== offer.commitment_months)) {
    problems.push([['early_exit_charge'], 'la quota del voucher si restituisce solo con un voucher della stessa durata del vincolo']);
  }
  offer.technologies.forEach((t) => {
    const profile = offer.speeds.find((s) => s.technology === t);
    if (!profile) problems.push([['speeds'], `mancano le velocità dichiarate per ${t}`]);
    else if (profile.download.maximum !== offer.max_download_speed && t === 'FTTH') problems.push([['speeds'], `la velocità massima ${t} deve essere quella dell'offerta`]);
  });
  offer.speeds.forEach((s, j) => { if (!offer.technologies.includes(s.technology)) problems.push([['speeds', j, 'technology'], `l'offerta non usa ${s.technology}`]); });
  return problems;
}

export interface Catalog {
  /** Where it was read from, for messages. */
  file: string;
  offers: readonly CatalogOffer[];
  byId: ReadonlyMap<number, CatalogOffer>;
}

/** A catalogue that cannot be used: the message names the file and the JSON path of each problem. */
export class CatalogError extends Error {
  constructor(readonly file: string, readonly problems: string[]) {
    super(problems.map((p) => `${file}: ${p}`).join('\n'));
    this.name = 'CatalogError';
  }
}

/** `['offers', 2, 'options', 5, 'recurrent_cost']` → `offers[2].options[5].recurrent_cost`. */
export const jsonPath = (segments: readonly PropertyKey[]): string =>
  segments.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${String(s)}` : String(s)), '') || '(radice)';

const MAX_PROBLEMS = 10;

const displayName = (file: string): string => {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
};

/** Reads and validates a catalogue file; throws `CatalogError` (never a half-valid catalogue). */
export function readCatalogFile(file: string): Catalog {
  const name = displayName(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new CatalogError(name, [(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file non trovato' : `JSON non leggibile: ${reason}`]);
  }
  const parsed = catalogFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${jsonPath(i.path)}: ${i.message}`);
    const shown = problems.slice(0, MAX_PROBLEMS);
    if (problems.length > MAX_PROBLEMS) shown.push(`… e altri ${problems.length - MAX_PROBLEMS} problemi`);
    throw new CatalogError(name, shown);
  }
  const offers = parsed.data.offers;
  return { file, offers, byId: new Map(offers.map((o) => [o.id, o])) };
}

/** The public shape of an offer (the contract's): catalogue-only fields removed. */
export const toContractOffer = ({ clusters: _clusters, ...offer }: CatalogOffer): Offer => offer;
