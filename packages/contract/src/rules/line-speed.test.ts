import { describe, expect, it } from 'vitest';
import type { ServiceCoverage } from '../schemas/form-fields';
import { expectedSpeed, lineFor, offerFitsLine, upgradeFitsLine } from './line-speed';

const service = (technology: ServiceCoverage['technology'], max_download: number, available = true): ServiceCoverage =>
  ({ technology, network: 'Rete', max_download, max_upload: 20, cabinet_distance: technology === 'FTTC' ? 900 : null, available });

describe('lineFor', () => {
  it('takes the best available line of a technology the offer uses', () => {
    const services = [service('FTTC', 30), service('FTTH', 1000), service('FWA', 100)];
    expect(lineFor({ technologies: ['FTTH', 'FTTC'] }, services)?.technology).toBe('FTTH');
    expect(lineFor({ technologies: ['FTTC'] }, services)?.max_download).toBe(30);
    expect(lineFor({ technologies: ['FWA'] }, services)?.max_download).toBe(100);
  });

  it('ignores a line that is not sold yet and answers null when no line fits', () => {
    expect(lineFor({ technologies: ['FTTH'] }, [service('FTTH', 1000, false)])).toBeNull();
    expect(lineFor({ technologies: ['FWA'] }, [service('FTTC', 30)])).toBeNull();
  });
});

describe('offerFitsLine', () => {
  it('does not sell a fibre offer faster than the FTTH profile of the address', () => {
    expect(offerFitsLine({ max_download_speed: 2500 }, service('FTTH', 1000))).toBe(false);
    expect(offerFitsLine({ max_download_speed: 10000 }, service('FTTH', 1000))).toBe(false);
    expect(offerFitsLine({ max_download_speed: 1000 }, service('FTTH', 1000))).toBe(true);
    expect(offerFitsLine({ max_download_speed: 2500 }, service('FTTH', 10000))).toBe(true);
  });

  it('sells FTTC and FWA offers whatever the line reaches (a "fino a" speed), never without a line', () => {
    expect(offerFitsLine({ max_download_speed: 200 }, service('FTTC', 30))).toBe(true);
    expect(offerFitsLine({ max_download_speed: 300 }, service('FWA', 100))).toBe(true);
    expect(offerFitsLine({ max_download_speed: 200 }, null)).toBe(false);
  });
});

describe('expectedSpeed', () => {
  it('is the offer\'s speed capped by the line: 30 Mbit/s on an FTTC line at 900 m, 100 on a 100 Mbit/s FWA link', () => {
    expect(expectedSpeed({ max_download_speed: 200 }, service('FTTC', 30))).toBe(30);
    expect(expectedSpeed({ max_download_speed: 300 }, service('FWA', 100))).toBe(100);
    expect(expectedSpeed({ max_download_speed: 1000 }, service('FTTH', 10000))).toBe(1000);
  });

  it('counts the chosen speed upgrade, still within the line', () => {
    expect(expectedSpeed({ max_download_speed: 1000 }, service('FTTH', 10000), { max_download_speed: 2500 })).toBe(2500);
    expect(expectedSpeed({ max_download_speed: 1000 }, service('FTTH', 2500), { max_download_speed: 10000 })).toBe(2500);
    expect(expectedSpeed({ max_download_speed: 1000 }, null)).toBe(1000);
  });
});

describe('upgradeFitsLine', () => {
  it('keeps upgrades within the line, and every upgrade when the line is unknown', () => {
    expect(upgradeFitsLine({ max_download_speed: 2500 }, 1000)).toBe(false);
    expect(upgradeFitsLine({ max_download_speed: 2500 }, 2500)).toBe(true);
    expect(upgradeFitsLine({ max_download_speed: 10000 }, undefined)).toBe(true);
  });
});
