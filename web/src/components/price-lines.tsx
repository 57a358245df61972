import { useTranslation } from '../lib/translation';
import { formatEuro, priceLineLabel, type PriceLine } from '@checkout/contract';
import './checkout-kit.css';

export interface PriceLinesProps {
  lines: readonly PriceLine[];
  /** Each line is `<prefix>-line-<key>`. */
  testIdPrefix: string;
  label: string;
  classes: { list: string; item: string; name: string; prices: string };
}

/**
 * The lines of an order as the contract prints them (contract `priceOrder`, `priceLineLabel`), with
 * their prices: the summary box and the step-5 review show exactly these, so what the customer reads
 * before signing is what the PDF says.
 */
export function PriceLines({ lines, testIdPrefix, label, classes }: PriceLinesProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.list} aria-label={label}>
      {lines.map((line) => (
        <li key={line.key} className={line.kind === 'promo' ? `${classes.item} price-line-promo` : classes.item} data-testid={`${testIdPrefix}-line-${line.key}`}>
          <span className={classes.name}>{priceLineLabel(line)}</span>
          <span className={classes.prices}>
            {line.monthly !== 0 && <span>{t('kit.summary.monthly', { price: formatEuro(line.monthly) })}</span>}
            {line.oneOff !== 0 && <span>{t('kit.summary.oneOff', { price: formatEuro(line.oneOff) })}</span>}
            {/* An included line says "incluso" in its label; a chosen option that costs nothing says so plainly. */}
            {line.monthly === 0 && line.oneOff === 0 && line.kind !== 'included' && <span>{t('kit.summary.monthly', { price: formatEuro(0) })}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
