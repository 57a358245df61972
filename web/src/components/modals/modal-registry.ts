import type { TFunction } from '../../lib/translation';
import { MODAL_IDS, type ModalId } from '@checkout/contract';

/** Extra data a caller can pass; option-description shows the option it was opened for. */
export interface ModalProps {
  title?: string;
  description?: string;
}

export interface ModalEntry {
  title: (t: TFunction, props: ModalProps) => string;
  paragraphs: (t: TFunction, props: ModalProps) => string[];
  size?: 'lg';
}

const paragraphsOf = (t: TFunction, id: ModalId): string[] => {
  const value: unknown = t(`modals.${id}.body`, { returnObjects: true });
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
};

const fromLocale = (id: ModalId, size?: 'lg'): ModalEntry => ({
  title: (t) => t(`modals.${id}.title`),
  paragraphs: (t) => paragraphsOf(t, id),
  ...(size ? { size } : {}),
});

/** One entry per SPEC §2 modal id; the text lives in the locale files. */
export const MODAL_REGISTRY: Record<ModalId, ModalEntry> = {
  'black-friday': fromLocale('black-friday'),
  'codice-fiscale': fromLocale('codice-fiscale'),
  'invoice-example': fromLocale('invoice-example', 'lg'),
  'option-description': {
    title: (t, props) => props.title?.trim() || t('modals.option-description.title'),
    paragraphs: (t, props) => (props.description?.trim() ? props.description.split(/\n{2,}/) : paragraphsOf(t, 'option-description')),
  },
  'router-incluso': fromLocale('router-incluso'),
  support: fromLocale('support'),
  xmas: fromLocale('xmas'),
  'distance-cabinet': fromLocale('distance-cabinet'),
  'read-notes': fromLocale('read-notes', 'lg'),
  'info-speed-upgrade': fromLocale('info-speed-upgrade'),
  'modem-libero': fromLocale('modem-libero', 'lg'),
};

export const isModalId = (value: unknown): value is ModalId => (MODAL_IDS as readonly unknown[]).includes(value);
