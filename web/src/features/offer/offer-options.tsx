import type { Ref } from 'react';
import { useTranslation } from '../../lib/translation';
import {
  addOption, cleanVoipOptions, isOwnModem, removeOption, routerCostWording, selectSpeedUpgrade, toggleAdditionalVariant,
  speedFiguresWording, type Offer, type Option, type OptionsState, type SpeedsAtAddress,
  type RouterColour, type SelectionContext, formatSpeed } from '@checkout/contract';
import { ChoiceCard } from '../../components/choice-card';
import { AdditionalCovers, ColourPicker, colourOf } from '../../components/colour-picker';
import { InfoButton } from '../../components/info-button';
import { openModal } from '../../components/modals/modal-store';
import { OptionCheckbox } from '../../components/option-checkbox';
import { OptionPrice } from '../../components/option-price';
import { SpeedCard } from '../../components/speed-card';
import { VoipRadio } from '../../components/voip-radio';
import {
  allowedRouters, chosenSpeed, effectiveRouter, otherOptions, repeatersFor, routerHasColours, selectRouter, speedUpgrades, toAddedOption, voicePlans,
} from './offer-selection';

export interface OfferOptionsProps {
  offer: Offer;
  state: OptionsState;
  /** Every change goes through here (the page reconciles, saves and tracks it). */
  onChange: (next: OptionsState) => void;
  routerVariant: string;
  onRouterVariant: (colour: RouterColour) => void;
  /** Set when 'Continua' found no usable router. */
  routerError: boolean;
  /** What the address's line carries (`lineContextOf`): faster upgrades are not offered, the standard speed is capped. */
  line?: SelectionContext;
  routerSectionRef?: Ref<HTMLElement>;
  /** The speeds of the chosen speed at the address, as the contract summary prints them. */
  chosenSpeeds?: SpeedsAtAddress | null;
}

/** The option sections of SPEC §1 for one offer: speed, router and colour, repeaters, voice line, extras. */
export function OfferOptions({
  offer, state, onChange, routerVariant, onRouterVariant, routerError, routerSectionRef, line = {}, chosenSpeeds = null,
}: OfferOptionsProps) {
  const { t } = useTranslation();
  const upgrades = speedUpgrades(offer, line);
  const routers = allowedRouters(offer, state);
  const router = effectiveRouter(offer, state);
  const included = offer.options.find((o) => o.category === 'router' && o.included) ?? null;
  const repeaters = repeatersFor(offer, state);
  const hasRepeaters = offer.options.some((o) => o.category === 'repeater' && !o.hidden_public);
  // The recommended plan comes first and is marked; none is chosen until the visitor clicks (Codice del Consumo art. 65 c. 2).
  const { plans: voips, recommended } = voicePlans(offer);
  const chosenVoip = state.options.find((o) => o.category === 'voip')?.id ?? null;
  const extras = otherOptions(offer);
  const added = new Set(state.options.map((o) => o.id));
  const colour = colourOf(routerVariant);
  const speed = chosenSpeed(offer, state);
  const groupName = `offer-${offer.id}`;
  const routerInfo = (r: Option) => {
    if (isOwnModem(r)) return { label: t('offerPage.router.ownInfo'), onClick: () => openModal('modem-libero') };
    if (r.included) return { label: t('offerPage.router.includedInfo'), onClick: () => openModal('router-incluso') };
    return { label: t('kit.option.info', { name: r.name }), onClick: () => openModal('option-description', { title: r.name, description: r.description }) };
  };

  return (
    <>
      {upgrades.length > 0 && (
        <section className="kit-section" aria-labelledby="speed-title">
          <fieldset>
            <legend id="speed-title" className="kit-legend">
              {t('offerPage.speed.title')}
              <InfoButton label={t('offerPage.speed.info')} onClick={() => openModal('info-speed-upgrade')} />
            </legend>
            <p className="kit-section-hint">{t('offerPage.speed.hint')}</p>
            <div className="speed-list">
              <SpeedCard
                name={`${groupName}-speed`}
                value="standard"
                speed={Math.min(offer.max_download_speed, line.lineSpeed ?? offer.max_download_speed)}
                caption={t('offerPage.speed.standard')}
                recurrent={0}
                oneOff={0}
                checked={state.speedUpgrade === null}
                onSelect={() => onChange(selectSpeedUpgrade(state, null))}
              />
              {upgrades.map((u) => (
                <SpeedCard
                  key={u.id}
                  name={`${groupName}-speed`}
                  value={String(u.id)}
                  speed={u.max_download_speed ?? offer.max_download_speed}
                  caption={u.name}
                  recurrent={u.recurrent_cost}
                  oneOff={u.cash_amount}
                  checked={state.speedUpgrade?.id === u.id}
                  onSelect={() => onChange(selectSpeedUpgrade(state, toAddedOption(u)))}
                />
              ))}
            </div>
            {chosenSpeeds && (
              <p className="kit-section-hint mt-2 mb-0" data-testid="chosen-speeds" aria-live="polite">
                <span className="d-block">{t('kit.offer.download')}: {speedFiguresWording(chosenSpeeds.download)}</span>
                <span className="d-block">{t('kit.offer.upload')}: {speedFiguresWording(chosenSpeeds.upload)}</span>
              </p>
            )}
          </fieldset>
        </section>
      )}

      {routers.length > 0 && (
        <section className="kit-section" aria-labelledby="router-title" ref={routerSectionRef} tabIndex={-1}>
          <div className={`router-card${routerError ? ' has-error' : ''}`}>
            <fieldset>
              <legend id="router-title" className="kit-legend">{t('offerPage.router.title')}</legend>
              {included && !routers.some((r) => r.id === included.id) && (
                <p className={`router-notice${routerError ? ' is-error' : ''}`} role={routerError ? 'alert' : undefined}>
                  {t('offerPage.router.tooSlow', { router: included.name, speed: formatSpeed(speed) })}
                </p>
              )}
              <div className="choice-list">
                {routers.map((r) => (
                  <ChoiceCard
                    key={r.id}
                    type="radio"
                    name={`${groupName}-router`}
                    value={String(r.id)}
                    checked={router?.id === r.id}
                    onChange={(on) => { if (on) onChange(selectRouter(state, r)); }}
                    className="router-option"
                    testId={`router-${r.id}`}
                    title={r.name}
                    aside={r.included
                      ? <span className="badge-included">{t('offerPage.router.included')}</span>
                      : <OptionPrice recurrent={r.recurrent_cost} oneOff={r.cash_amount} freeLabel={t('offerPage.router.noCost')} />}
                    info={routerInfo(r)}
                  >
                    {r.max_download_speed !== null ? t('offerPage.router.upTo', { speed: formatSpeed(r.max_download_speed) }) : t('offerPage.router.anySpeed')}
                    {/* AGCOM 348/18/CONS: the router's cost broken down, as the contract summary states it. */}
                    <span className="router-terms" data-testid={`router-terms-${r.id}`}>{routerCostWording(r)}</span>
                  </ChoiceCard>
                ))}
              </div>
            </fieldset>
            {routerHasColours(router) && (
              <>
                <ColourPicker value={colour} onChange={onRouterVariant} legend={t('offerPage.router.colour')} />
                <AdditionalCovers mainColour={colour} chosen={state.additionalVariants} onToggle={(c) => onChange(toggleAdditionalVariant(state, c))} />
              </>
            )}
          </div>
        </section>
      )}

      {hasRepeaters && (
        <section className="kit-section" aria-labelledby="repeater-title">
          <fieldset>
            <legend id="repeater-title" className="kit-legend">{t('offerPage.repeaters.title')}</legend>
            {repeaters.length > 0 ? (
              <>
                <p className="kit-section-hint">{t('offerPage.repeaters.hint', { router: router?.name ?? '' })}</p>
                <div className="choice-list" data-testid="repeater-list">
                  {repeaters.map((r) => (
                    <OptionCheckbox
                      key={r.id}
                      option={r}
                      checked={added.has(r.id)}
                      onChange={(on) => onChange(on ? addOption(state, toAddedOption(r)) : removeOption(state, r.id))}
                    />
                  ))}
                </div>
              </>
            ) : (
              <p className="kit-section-hint">{router ? t('offerPage.repeaters.none') : t('offerPage.repeaters.chooseRouter')}</p>
            )}
          </fieldset>
        </section>
      )}

      {voips.length > 0 && (
        <section className="kit-section" aria-labelledby="voip-title">
          <fieldset>
            <legend id="voip-title" className="kit-legend">{t('offerPage.voip.title')}</legend>
            <div className="choice-list" data-testid="voip-list">
              {voips.map((v) => (
                <VoipRadio
                  key={v.id}
                  option={v}
                  name={`${groupName}-voip`}
                  checked={chosenVoip === v.id}
                  recommended={recommended?.id === v.id}
                  onSelect={() => onChange(addOption(cleanVoipOptions(state), toAddedOption(v)))}
                />
              ))}
              <VoipRadio option={null} name={`${groupName}-voip`} checked={chosenVoip === null} onSelect={() => onChange(cleanVoipOptions(state))} />
            </div>
          </fieldset>
        </section>
      )}

      {extras.length > 0 && (
        <section className="kit-section" aria-labelledby="extras-title">
          <fieldset>
            <legend id="extras-title" className="kit-legend">{t('offerPage.extras.title')}</legend>
            <div className="choice-list" data-testid="extras-list">
              {extras.map((o) => (
                <OptionCheckbox
                  key={o.id}
                  option={o}
                  checked={added.has(o.id)}
                  onChange={(on) => onChange(on ? addOption(state, toAddedOption(o)) : removeOption(state, o.id))}
                />
              ))}
            </div>
          </fieldset>
        </section>
      )}
    </>
  );
}
