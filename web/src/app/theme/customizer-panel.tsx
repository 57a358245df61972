import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from '../../lib/translation';
import {
  CONTENT_WIDTHS, FOOTER_TYPES, NAVBAR_TYPES, SKINS, TRANSITIONS, themeConfig,
} from './theme-config';
import { useThemeStore } from './theme-store';
import './customizer-panel.scss';

interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  values: readonly T[];
  value: T;
  label: (value: T) => string;
  onChange: (value: T) => void;
}

function ChoiceGroup<T extends string>({ name, legend, values, value, label, onChange }: ChoiceGroupProps<T>) {
  return (
    <fieldset className="customizer-group">
      <legend className="customizer-legend">{legend}</legend>
      {values.map((v) => (
        <div className="form-check" key={v}>
          <input
            className="form-check-input"
            type="radio"
            name={name}
            id={`customizer-${name}-${v}`}
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
          />
          <label className="form-check-label" htmlFor={`customizer-${name}-${v}`}>{label(v)}</label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * No text-direction choice: the site is Italian only, and right-to-left broke its layout.
 * Loaded on the first click of the gear button: nobody pays for react-bootstrap's Offcanvas up front. */
export default function CustomizerPanel({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const s = useThemeStore();
  return (
    <Offcanvas show={show} onHide={onHide} placement="end" aria-labelledby="customizer-title" data-testid="customizer-panel">
      <Offcanvas.Header closeButton closeLabel={t('customizer.close')}>
        <div>
          <Offcanvas.Title as="h2" id="customizer-title" className="h5 mb-0">{t('customizer.title')}</Offcanvas.Title>
          <p className="small text-body-secondary mb-0">{themeConfig.app.appName} – {t('customizer.subtitle')}</p>
        </div>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <ChoiceGroup name="skin" legend={t('customizer.skin')} values={SKINS} value={s.skin} label={(v) => t(`customizer.skins.${v}`)} onChange={s.setSkin} />
        <ChoiceGroup name="transition" legend={t('customizer.transition')} values={TRANSITIONS} value={s.routerTransition} label={(v) => t(`customizer.transitions.${v}`)} onChange={(routerTransition) => s.update({ routerTransition })} />
        <ChoiceGroup name="content-width" legend={t('customizer.contentWidth')} values={CONTENT_WIDTHS} value={s.contentWidth} label={(v) => t(`customizer.contentWidths.${v}`)} onChange={(contentWidth) => s.update({ contentWidth })} />
        <ChoiceGroup name="navbar-type" legend={t('customizer.navbarType')} values={NAVBAR_TYPES} value={s.navbar.type} label={(v) => t(`customizer.navbarTypes.${v}`)} onChange={(type) => s.update({ navbar: { ...s.navbar, type } })} />
        <ChoiceGroup name="footer-type" legend={t('customizer.footerType')} values={FOOTER_TYPES} value={s.footer.type} label={(v) => t(`customizer.footerTypes.${v}`)} onChange={(type) => s.update({ footer: { type } })} />
        <fieldset className="customizer-group">
          <legend className="customizer-legend">{t('customizer.menu')}</legend>
          <div className="form-check form-switch">
            <input className="form-check-input" type="checkbox" role="switch" id="customizer-menu-hidden" checked={s.menu.hidden} onChange={(e) => s.update({ menu: { ...s.menu, hidden: e.target.checked } })} />
            <label className="form-check-label" htmlFor="customizer-menu-hidden">{t('customizer.menuHidden')}</label>
          </div>
          <div className="form-check form-switch">
            <input className="form-check-input" type="checkbox" role="switch" id="customizer-menu-collapsed" checked={s.menu.isCollapsed} onChange={(e) => s.update({ menu: { ...s.menu, isCollapsed: e.target.checked } })} />
            <label className="form-check-label" htmlFor="customizer-menu-collapsed">{t('customizer.menuCollapsed')}</label>
          </div>
        </fieldset>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
