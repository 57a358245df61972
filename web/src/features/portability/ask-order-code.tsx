import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import { useNavigate } from 'react-router';
import { FormField } from '../../components/form-field';
import { looksLikeOrderHash } from '../../lib/order-hash';

export const PORTABILITY_PATH = '/dati-portabilita';

/** Without a code in the address: the page asks for it first. */
export function AskOrderCode({ invalid, initial }: { invalid: boolean; initial: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<{ code: string }>({ defaultValues: { code: initial } });
  const [error, setError] = useState<string | undefined>(invalid ? t('portabilityFlow.codeInvalid') : undefined);
  const onSubmit = form.handleSubmit(({ code }) => {
    const clean = code.trim();
    if (!looksLikeOrderHash(clean)) {
      setError(clean ? t('portabilityFlow.codeInvalid') : t('portabilityFlow.codeRequired'));
      form.setFocus('code');
      return;
    }
    void navigate(`${PORTABILITY_PATH}/${encodeURIComponent(clean)}`);
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="form-section pb-4" aria-labelledby="portability-code-title" data-testid="portability-code-form">
      <h2 id="portability-code-title">{t('portabilityFlow.codeTitle')}</h2>
      <FormField registration={form.register('code')} label={t('portabilityFlow.codeLabel')} required autoComplete="off" hint={t('portabilityFlow.codeHint')} error={error} />
      <button type="submit" className="btn btn-primary btn-lg">{t('portabilityFlow.codeSubmit')}</button>
    </form>
  );
}

