import { OPTION_IDS } from '../constants';
import type { ServiceCoverage } from '../schemas/form-fields';
import type { Offer, Option, SpeedFigures } from '../schemas/offer';
import { formatSpeed } from './format-speed';
import { formatEuro } from './format-euro';

/*
 * What AGCOM asks every offer to say before the customer chooses, worded once here so that the offer
 * page, the contract summary and the signed contract read the same: the declared speeds at the address
 * (156/23/CONS) and the router's cost broken down, with the customer's own modem always possible at no
 * cost (348/18/CONS). The commitment and the costs of leaving are offer-terms.ts's.
 */

export interface SpeedsAtAddress {
  technology: ServiceCoverage['technology'];
  download: SpeedFigures;
  upload: SpeedFigures;
}

/**
 * Figures scaled to a lower (or, with an upgrade, higher) maximum: the normally available speed keeps
 * its share of the maximum, and the guaranteed minimum never exceeds it.
 */
function scaledTo(declared: SpeedFigures, maximum: number): SpeedFigures {
  if (maximum === declared.maximum) return declared;
  const normal = Math.max(1, Math.round((declared.normal * maximum) / declared.maximum));
  return { minimum: Math.min(declared.minimum, normal), normal, maximum };
}

/**
 * The speeds the customer may expect on the offer's line at the address: the catalogue's declared
 * figures for that technology, with the maximum raised by a chosen speed upgrade and capped by what the
 * line reaches. Null when the offer declares nothing for the technology.
 */
export function speedsAt(
  offer: Pick<Offer, 'speeds' | 'technologies'>,
  line: Pick<ServiceCoverage, 'technology' | 'max_download' | 'max_upload'> | null,
  upgrade: Pick<Option, 'max_download_speed'> | null = null,
): SpeedsAtAddress | null {
  const technology = line?.technology ?? offer.technologies[0];
  const profile = offer.speeds.find((p) => p.technology === technology);
  if (!profile) return null;
  const sold = upgrade?.max_download_speed ?? profile.download.maximum;
  const download = line && line.max_download > 0 ? Math.min(sold, line.max_download) : sold;
  const upload = line && line.max_upload > 0 ? Math.min(profile.upload.maximum, line.max_upload) : profile.upload.maximum;
  return { technology: profile.technology, download: scaledTo(profile.download, download), upload: scaledTo(profile.upload, upload) };
}

/** 'minima 20 Mbit/s · normalmente disponibile 150 Mbit/s · massima 200 Mbit/s'. */
export const speedFiguresWording = (s: SpeedFigures): string =>
  `minima ${formatSpeed(s.minimum)} · normalmente disponibile ${formatSpeed(s.normal)} · massima ${formatSpeed(s.maximum)}`;

/** The customer's own modem (modem libero): the free-router option of SPEC §3. */
export const isOwnModem = (option: Pick<Option, 'id'>): boolean => option.id === OPTION_IDS.freeRouter;

export type RouterTerms = 'own' | 'included' | 'purchase' | 'instalments' | 'rental';

/** How the customer pays for a router, from its catalogue prices. */
export function routerTerms(option: Pick<Option, 'id' | 'included' | 'recurrent_cost' | 'cash_amount' | 'instalments'>): RouterTerms {
  if (isOwnModem(option)) return 'own';
  if (option.included) return 'included';
  if (option.recurrent_cost > 0) return option.instalments !== null ? 'instalments' : 'rental';
  return 'purchase';
}

/** The router's cost broken down, as AGCOM 348/18/CONS asks: one-off or instalments, their number and value, buy-out. */
export function routerCostWording(option: Pick<Option, 'id' | 'included' | 'recurrent_cost' | 'cash_amount' | 'instalments'>): string {
  switch (routerTerms(option)) {
    case 'own':
      return 'Nessun costo: usi un tuo modem (modem libero, delibera AGCOM 348/18/CONS); ti diamo i parametri per configurarlo.';
    case 'included':
      return 'Incluso nel canone, in comodato d’uso gratuito: nessuna rata e nessun riscatto; alla cessazione va restituito.';
    case 'purchase':
      return `Acquisto in un’unica soluzione: ${formatEuro(option.cash_amount)}; nessuna rata, il router è tuo.`;
    case 'instalments': {
      const n = option.instalments ?? 0;
      const upfront = option.cash_amount > 0 ? `anticipo ${formatEuro(option.cash_amount)} e ` : '';
      return `A rate: ${upfront}${n} rate mensili da ${formatEuro(option.recurrent_cost)} (totale ${formatEuro(option.cash_amount + n * option.recurrent_cost)}); ` +
        'se recedi prima puoi pagare le rate residue in un’unica soluzione o proseguire a rate.';
    }
    case 'rental':
      return `Noleggio: ${formatEuro(option.recurrent_cost)} al mese finché il servizio è attivo; nessun riscatto, alla cessazione va restituito.`;
  }
}
