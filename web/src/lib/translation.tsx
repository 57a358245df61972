import { Fragment, cloneElement, type ReactElement, type ReactNode } from 'react';

/*
 * The app's text lookup: nested keys, {{interpolation}}, plural keys by Intl.PluralRules (`_one`,
 * `_other`, `_zero` for 0), returnObjects and <Trans> with named tags. What the app used of i18next and
 * react-i18next, in their behaviour, for one language and without their 15 KB gzip on the first screen
 * (docs/decisions.md). translation.test.tsx pins each rule.
 */

export type TranslationTree = { [key: string]: unknown };

export interface TOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [variable: string]: unknown;
}

export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

const isTree = (v: unknown): v is TranslationTree => typeof v === 'object' && v !== null && !Array.isArray(v);

const lookup = (tree: TranslationTree, key: string): unknown => {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!isTree(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
};

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** i18next's rules: a variable passed as undefined is '', one not passed at all stays as written. */
const interpolate = (text: string, options: TOptions): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => {
    const path = name.trim().replace(/^-\s*/, '');
    const value = path.includes('.') ? lookup(options as TranslationTree, path) : options[path];
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, path) ? '' : whole;
    return value === null ? '' : String(value);
  });

const deepInterpolate = (value: unknown, options: TOptions): unknown => {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((v) => deepInterpolate(v, options));
  if (isTree(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepInterpolate(v, options)]));
  return value;
};

const deepMerge = (target: TranslationTree, source: TranslationTree, overwrite: boolean): void => {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isTree(current) && isTree(value)) deepMerge(current, value, overwrite);
    else if (current === undefined || overwrite) target[key] = isTree(value) ? structuredClone(value) : value;
  }
};

export interface Translator {
  readonly language: string;
  t: TFunction;
  /** Adds text; sections already there are merged, a key already there kept unless `overwrite`. */
  addResources(resources: TranslationTree, overwrite?: boolean): void;
}

export const createTranslator = (language: string, resources: TranslationTree = {}): Translator => {
  const store: TranslationTree = structuredClone(resources);
  const plurals = new Intl.PluralRules(language);
  const find = (key: string, count: unknown): unknown => {
    if (typeof count === 'number') {
      const zero = count === 0 ? lookup(store, `${key}_zero`) : undefined;
      if (zero !== undefined) return zero;
      const plural = lookup(store, `${key}_${plurals.select(count)}`);
      if (plural !== undefined) return plural;
    }
    return lookup(store, key);
  };
  const t = ((key: string, options: TOptions = {}): unknown => {
    const found = find(key, options.count);
    if (typeof found === 'string') return interpolate(found, options);
    if (found !== undefined && found !== null && options.returnObjects) return deepInterpolate(found, options);
    return options.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
  }) as TFunction;
  return { language, t, addResources: (more, overwrite = false) => deepMerge(store, more, overwrite) };
};

/** The page's text (its resources are added by src/app/i18n.ts). */
export const translator: Translator = createTranslator('it');

const HOOK_RESULT = { t: translator.t, i18n: translator } as const;

/** react-i18next's hook, for the one translator: `t` is the same function on every render. */
export const useTranslation = (): typeof HOOK_RESULT => HOOK_RESULT;

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

/**
 * The text of `i18nKey` with its `<name>…</name>` tags rendered as `components[name]` holding the
 * tag's text (react-i18next's Trans with named components).
 */
export function Trans({ i18nKey, components = {}, values = {} }: { i18nKey: string; components?: Record<string, ReactElement>; values?: Omit<TOptions, 'returnObjects'> }) {
  const text = translator.t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const name = (m[1] ?? m[3]) as string;
    const element = components[name];
    parts.push(element ? cloneElement(element as ReactElement<{ children?: ReactNode }>, { key: parts.length }, m[2]) : m[0]);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
