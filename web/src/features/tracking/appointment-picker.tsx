import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { appointmentDay, appointmentTime, appointmentWindowText, type TrackingDetails } from '@checkout/contract';
import { ChoiceCard } from '../../components/choice-card';
import { toUiError } from '../../lib/ui-error';
import { useBookAppointment } from './api/tracking-api';

const capitalised = (s: string): string => s.charAt(0).toLocaleUpperCase('it') + s.slice(1);

/**
 * The technician's appointment: the slot booked, and the slots the provider offers, one radio card each
 * (a labelled group), to book or change to. The outcome is said in a live region; a refusal next to the group.
 */
export function AppointmentPicker({ token, appointment, onAccessEnded }: {
  token: string; appointment: TrackingDetails['appointment']; onAccessEnded: (error: unknown) => boolean;
}) {
  const { t } = useTranslation();
  const ids = { title: useId(), legend: useId(), error: useId() };
  const book = useBookAppointment();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { booked, offered, open } = appointment;
  // A choice no longer offered (booked meanwhile, or gone on a refresh) is no choice.
  const chosen = offered.some((s) => s.id === choice) ? choice : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!chosen) {
      setError(t('tracking.appointmentRequired'));
      return;
    }
    setError(null);
    try {
      const answer = await book.mutateAsync({ token, slot_id: chosen });
      const when = appointmentWindowText(answer.booked.starts_at, answer.booked.ends_at);
      setDone(t(answer.rebooked ? 'tracking.appointmentChanged' : 'tracking.appointmentDone', { when }));
      setChoice(null);
    } catch (failure) {
      if (!onAccessEnded(failure)) setError(toUiError(failure, t).message);
    }
  };

  if (!open && !booked) return null;
  return (
    <section className="form-section" aria-labelledby={ids.title} data-testid="tracking-appointment">
      <h2 id={ids.title}>{t('tracking.appointmentTitle')}</h2>
      {booked && (
        <p data-testid="tracking-appointment-booked">
          {t('tracking.appointmentBooked')} <strong>{appointmentWindowText(booked.starts_at, booked.ends_at)}</strong>
        </p>
      )}
      {open && offered.length > 0 && (
        <form noValidate onSubmit={(e) => void submit(e)} className="pb-3">
          <fieldset aria-describedby={error ? ids.error : undefined} aria-invalid={error ? true : undefined}>
            <legend id={ids.legend} className="form-label fs-6 fw-bold">{t(booked ? 'tracking.appointmentChange' : 'tracking.appointmentChoose')}</legend>
            <div className="tracking-slots">
              {offered.map((slot) => (
                <ChoiceCard
                  key={slot.id}
                  type="radio"
                  name="appointment-slot"
                  value={slot.id}
                  checked={chosen === slot.id}
                  onChange={() => { setChoice(slot.id); setError(null); }}
                  title={capitalised(appointmentDay(slot.starts_at))}
                >
                  {t('tracking.appointmentWindow', { from: appointmentTime(slot.starts_at), to: appointmentTime(slot.ends_at) })}
                </ChoiceCard>
              ))}
            </div>
          </fieldset>
          {error && <div id={ids.error} className="invalid-feedback d-block mb-2" role="alert">{error}</div>}
          <button type="submit" className="btn btn-primary btn-lg mt-2" disabled={book.isPending} aria-busy={book.isPending || undefined}>
            {book.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t(booked ? 'tracking.appointmentConfirmChange' : 'tracking.appointmentConfirm')}
          </button>
        </form>
      )}
      {open && offered.length === 0 && <p>{t(booked ? 'tracking.appointmentNoOther' : 'tracking.appointmentNone')}</p>}
      <p role="status" className={done ? 'alert alert-success' : 'mb-0'} data-testid="tracking-appointment-result">
        {book.isPending ? <span className="visually-hidden">{t('tracking.appointmentSaving')}</span> : done}
      </p>
    </section>
  );
}
