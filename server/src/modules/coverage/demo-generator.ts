import { getComune, provinceCapitals } from '../reference';
import type { NewAddress, NewBuilding, NewService } from './repository';
import { streetKeys } from './street-search';

/*
 * Deterministic demo coverage (issue 3): the same seed gives the same addresses, ids and services on every
 * machine, so the e2e tests can type a known address. No Math.random anywhere.
 *
 * - First the fixed demo addresses in Roma, Via Roma 1..10, one per branch (DEMO_ADDRESSES).
 * - Then buildings of 1-4 civic numbers, round-robin over the province capitals (so a short run still
 *   touches every capital), each with a random coverage profile (PROFILE_WEIGHTS): the same branches.
 */

/** mulberry32: a tiny 32-bit PRNG, good enough for demo data and fully reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const STREETS: ReadonlyArray<readonly [type: string, name: string]> = [
  ['Via', 'Roma'], ['Via', 'Garibaldi'], ['Corso', 'Vittorio Emanuele II'], ['Piazza', 'della Repubblica'],
  ['Via', 'dei Mille'], ['Viale', 'Europa'], ["Via", "Sant'Antonio"], ['Via', 'Giuseppe Mazzini'],
  ['Via', 'Camillo Benso di Cavour'], ['Corso', 'Italia'], ['Via', 'XX Settembre'], ['Via', 'IV Novembre'],
  ['Piazza', 'Giuseppe Garibaldi'], ['Via', 'Dante Alighieri'], ['Via', 'Alessandro Manzoni'], ['Via', 'Giacomo Matteotti'],
  ['Via', 'Antonio Gramsci'], ['Viale', 'della Libertà'], ['Via', 'Nazionale'], ['Via', 'San Francesco'],
  ['Via', 'Giovanni Verdi'], ['Via', 'Giosuè Carducci'], ['Via', 'Giovanni Pascoli'], ['Via', 'Ugo Foscolo'],
  ['Via', 'Galileo Galilei'], ['Via', 'Leonardo da Vinci'], ['Via', 'Cristoforo Colombo'], ['Via', 'Marco Polo'],
  ['Via', 'Trieste'], ['Via', 'Trento'], ['Via', 'Milano'], ['Via', 'Napoli'], ['Via', 'Torino'], ['Via', 'Firenze'],
  ['Via', 'Venezia'], ['Via', 'Bologna'], ['Via', 'Genova'], ['Via', 'Palermo'], ['Via', 'della Stazione'],
  ['Via', 'del Lavoro'], ['Via', 'della Pace'], ['Via', 'delle Rose'], ['Via', 'dei Pini'], ['Via', 'degli Ulivi'],
  ['Viale', 'dei Tigli'], ['Viale', 'Giovanni XXIII'], ['Largo', 'Aldo Moro'], ['Piazza', 'del Duomo'],
  ['Piazza', 'San Marco'], ['Piazza', 'Cavour'], ['Corso', 'Umberto I'], ['Corso', 'Garibaldi'],
  ['Vicolo', 'Stretto'], ['Vicolo', 'del Forno'], ['Strada', 'Provinciale'], ['Strada', 'Vecchia'],
  ['Località', 'Santa Maria'], ['Via', "Sant'Andrea"], ['Via', 'Santa Lucia'], ['Via', 'Monte Grappa'],
  ['Via', 'Vittorio Veneto'], ['Via', 'Luigi Pirandello'], ['Lungomare', 'Nazario Sauro'],
];

export type DemoBranch =
  | 'ftth_openfiber_a' | 'ftth_openfiber_b' | 'ftth_openfiber_c' | 'ftth_openfiber_d'
  | 'ftth_fibercop' | 'fttc_short' | 'fttc_long' | 'fwa_only' | 'none' | 'planned';

export interface DemoAddress {
  branch: DemoBranch;
  address: NewAddress;
  /** The building row, or null when the address is not in a fibre building. */
  building: NewBuilding | null;
  services: NewService[];
}

export const ROMA_ISTAT = '058091';

/**
 * The fixed demo addresses (documented in docs/coverage-import.md and used by the e2e tests):
 * Roma (ISTAT 058091), Via Roma <number>, id_egon_civico `058091000000<number>` padded to 13 digits.
 */
export const DEMO_ADDRESSES: ReadonlyArray<{ number: number; branch: DemoBranch; id_egon_civico: string; id_building: string | null }> = [
  { number: 1, branch: 'ftth_openfiber_a', id_building: 'OF058091000001' },
  { number: 2, branch: 'ftth_fibercop', id_building: 'FC058091000002' },
  { number: 3, branch: 'fttc_short', id_building: null },
  { number: 4, branch: 'fttc_long', id_building: null },
  { number: 5, branch: 'fwa_only', id_building: null },
  { number: 6, branch: 'none', id_building: null },
  { number: 7, branch: 'ftth_openfiber_b', id_building: 'OF058091000007' },
  { number: 8, branch: 'ftth_openfiber_c', id_building: 'OF058091000008' },
  { number: 9, branch: 'ftth_openfiber_d', id_building: 'OF058091000009' },
  { number: 10, branch: 'planned', id_building: 'OF058091000010' },
].map((d) => ({ ...d, branch: d.branch as DemoBranch, id_egon_civico: `${ROMA_ISTAT}${String(d.number).padStart(7, '0')}` }));

/** FTTC (VDSL2) speed by distance from the cabinet: 150 m ≈ 100 Mbit/s, 900 m ≈ 30 Mbit/s. */
export function fttcSpeed(distance: number): { max_download: number; max_upload: number } {
  const table: Array<[number, number, number]> = [[100, 200, 20], [300, 100, 20], [500, 75, 20], [700, 50, 10], [1000, 30, 3]];
  for (const [upTo, down, up] of table) if (distance <= upTo) return { max_download: down, max_upload: up };
  return { max_download: 20, max_upload: 1 };
}

const FIBERCOP = 'FiberCop';
const OPEN_FIBER = 'Open Fiber';
const FWA_NETWORK = 'EOLO';

/** Share of each branch among generated buildings (the fixed addresses come on top). */
export const PROFILE_WEIGHTS: ReadonlyArray<readonly [DemoBranch, number]> = [
  ['ftth_openfiber_a', 14], ['ftth_openfiber_b', 10], ['ftth_openfiber_c', 8], ['ftth_openfiber_d', 8],
  ['ftth_fibercop', 12], ['fttc_short', 15], ['fttc_long', 12], ['fwa_only', 9], ['none', 7], ['planned', 5],
];
const TOTAL_WEIGHT = PROFILE_WEIGHTS.reduce((s, [, w]) => s + w, 0);

type Rng = () => number;
const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

function pickBranch(rng: Rng): DemoBranch {
  let r = rng() * TOTAL_WEIGHT;
  for (const [branch, w] of PROFILE_WEIGHTS) { r -= w; if (r < 0) return branch; }
  return 'none';
}

interface BuildingPlan { building: NewBuilding | null; services: (id: string) => NewService[] }

const fttc = (id: string, distance: number): NewService =>
  ({ id_egon_civico: id, technology: 'FTTC', network: FIBERCOP, ...fttcSpeed(distance), cabinet_distance: distance, available: 1 });
const ftth = (id: string, network: string, down: number, up: number, available = 1): NewService =>
  ({ id_egon_civico: id, technology: 'FTTH', network, max_download: down, max_upload: up, cabinet_distance: null, available });
const fwa = (id: string, down: number, up: number): NewService =>
  ({ id_egon_civico: id, technology: 'FWA', network: FWA_NETWORK, max_download: down, max_upload: up, cabinet_distance: null, available: 1 });

/**
 * The services of one branch. `rng` null: the fixed demo values (Via Roma), otherwise random within the branch.
 * A building's addresses share the plan (same cabinet, same fibre).
 */
function planBuilding(branch: DemoBranch, idBuilding: string, rng: Rng | null): BuildingPlan {
  const r = <T>(fixed: T, random: (g: Rng) => T): T => (rng ? random(rng) : fixed);
  switch (branch) {
    case 'ftth_openfiber_a': case 'ftth_openfiber_b': case 'ftth_openfiber_c': case 'ftth_openfiber_d': {
      const cluster = branch.slice(-1).toUpperCase();
      // 10 Gbit/s where Open Fiber's 10G network is (clusters A and B), otherwise 1 or 2.5 Gbit/s.
      const down = r(cluster === 'A' ? 10000 : 1000, (g) => (cluster <= 'B' && g() < 0.5 ? 10000 : pick(g, [1000, 2500])));
      const withFttc = r(true, (g) => g() < 0.5);
      const distance = r(120, (g) => int(g, 80, 600));
      return {
        building: { id_building: idBuilding, network: OPEN_FIBER, cluster, status: 'active' },
        services: (id) => [ftth(id, OPEN_FIBER, down, down >= 2500 ? 1000 : 300), ...(withFttc ? [fttc(id, distance)] : [])],
      };
    }
    case 'ftth_fibercop': {
      const down = r(1000, (g) => pick(g, [1000, 2500]));
      const distance = r(250, (g) => int(g, 80, 600));
      return {
        building: { id_building: idBuilding, network: FIBERCOP, cluster: null, status: 'active' },
        services: (id) => [ftth(id, FIBERCOP, down, down >= 2500 ? 1000 : 300), fttc(id, distance)],
      };
    }
    case 'fttc_short': {
      const distance = r(150, (g) => int(g, 60, 400));
      return { building: null, services: (id) => [fttc(id, distance)] };
    }
    case 'fttc_long': {
      const distance = r(900, (g) => int(g, 600, 1400));
      const withFwa = r(false, (g) => g() < 0.3);
      return { building: null, services: (id) => [fttc(id, distance), ...(withFwa ? [fwa(id, 100, 20)] : [])] };
    }
    case 'fwa_only': {
      const [down, up] = r([100, 20] as const, (g) => pick(g, [[100, 20], [300, 30]] as const));
      return { building: null, services: (id) => [fwa(id, down, up)] };
    }
    case 'planned':
      // Open Fiber will build here: the service is known but not sellable yet.
      return {
        building: { id_building: idBuilding, network: OPEN_FIBER, cluster: r('B', (g) => pick(g, ['A', 'B', 'C', 'D'])), status: 'planned' },
        services: (id) => [ftth(id, OPEN_FIBER, 1000, 300, 0)],
      };
    case 'none':
      return { building: null, services: () => [] };
  }
}

interface ComuneState {
  istat: string;
  city: string;
  province: string;
  caps: string[];
  streets: Array<{ type: string; name: string; next: number; last: number; letters: number; cap: string }>;
  street: number;
  seq: number;
  buildings: number;
}

function comuneStates(rng: Rng): ComuneState[] {
  return provinceCapitals().map((istat) => {
    const c = getComune(istat);
    if (!c) throw new Error(`Comune ${istat} not found`);
    // A shuffled subset of 20-35 streets per capital (Fisher-Yates on a copy).
    const order = STREETS.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = int(rng, 0, i);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const caps = c.caps.length > 0 ? c.caps : ['00000'];
    const chosen = order.slice(0, int(rng, 20, 35));
    // Roma begins with Via Roma, numbered on from the fixed demo addresses (Via Roma 11, 12…).
    if (istat === ROMA_ISTAT) {
      const at = chosen.indexOf(0);
      if (at === -1) chosen[0] = 0;
      else [chosen[0], chosen[at]] = [0, chosen[0] as number];
    }
    const streets = chosen.map((i) => {
      const [type, name] = STREETS[i] as readonly [string, string];
      return { type, name, next: istat === ROMA_ISTAT && i === 0 ? DEMO_ADDRESSES.length + 1 : 1, last: 0, letters: 0, cap: pick(rng, caps) };
    });
    return { istat, city: c.name, province: c.province, caps, streets, street: 0, seq: 0, buildings: 0 };
  });
}

function addressRow(
  state: { istat: string; city: string; province: string },
  street: { type: string; name: string; cap: string },
  id: string, number: string, numberNum: number, idBuilding: string | null,
): NewAddress {
  return {
    id_egon_civico: id,
    id_building: idBuilding,
    street_type: street.type,
    street_name: street.name,
    ...streetKeys(street.type, street.name),
    number,
    number_num: numberNum,
    id_comune: state.istat,
    city: state.city,
    province: state.province,
    zip_code: street.cap,
  };
}

export interface DemoOptions {
  /** Addresses to generate, the fixed demo addresses included (at least those). Default 20,000. */
  size?: number;
  seed?: number;
}

export const DEFAULT_DEMO_SIZE = 20_000;
export const DEFAULT_DEMO_SEED = 20_240_601;

/** The demo addresses, one at a time (a 1M-row CSV never sits in memory). */
export function* generateDemoCoverage(options: DemoOptions = {}): Generator<DemoAddress> {
  const size = Math.max(options.size ?? DEFAULT_DEMO_SIZE, DEMO_ADDRESSES.length);
  const rng = mulberry32(options.seed ?? DEFAULT_DEMO_SEED);
  const roma = getComune(ROMA_ISTAT);
  if (!roma) throw new Error('Roma not found in the comuni dataset');
  const viaRoma = { type: 'Via', name: 'Roma', cap: '00185' };
  for (const d of DEMO_ADDRESSES) {
    const plan = planBuilding(d.branch, d.id_building ?? '', null);
    const address = addressRow({ istat: ROMA_ISTAT, city: roma.name, province: roma.province }, viaRoma, d.id_egon_civico, String(d.number), d.number, d.id_building);
    yield { branch: d.branch, address, building: plan.building, services: plan.services(d.id_egon_civico) };
  }

  const states = comuneStates(rng);
  let produced = DEMO_ADDRESSES.length;
  for (let turn = 0; produced < size; turn++) {
    const state = states[turn % states.length] as ComuneState;
    // Stay on a street for a few buildings, then move on; streets wrap around and keep counting up.
    if (state.buildings > 0 && rng() < 0.2) state.street = (state.street + 1) % state.streets.length;
    const street = state.streets[state.street] as ComuneState['streets'][number];
    state.buildings++;
    const branch = pickBranch(rng);
    // Fixed demo ids use sequence numbers 1..10 in Roma: generated ones start at 1000.
    const idBuilding = `${branch.startsWith('ftth_fibercop') ? 'FC' : 'OF'}${state.istat}${String(1000 + state.buildings).padStart(6, '0')}`;
    const plan = planBuilding(branch, idBuilding, rng);
    const civics = Math.min(int(rng, 1, 4), size - produced);
    for (let k = 0; k < civics; k++) {
      // Now and then a second entrance of the same civic with a letter (12A, 12B), otherwise the next number.
      let number: string;
      if (k > 0 && street.last > 0 && street.letters < 3 && rng() < 0.15) {
        number = `${street.last}${'ABC'[street.letters] as string}`;
        street.letters++;
      } else {
        street.last = street.next;
        street.letters = 0;
        number = String(street.last);
        street.next += int(rng, 1, 2);
      }
      const numberNum = street.last;
      state.seq++;
      const id = `${state.istat}${String(1000 + state.seq).padStart(7, '0')}`;
      const address = addressRow(state, street, id, number, numberNum, plan.building ? idBuilding : null);
      yield { branch, address, building: plan.building, services: plan.services(id) };
      produced++;
    }
  }
}
