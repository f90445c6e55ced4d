// English (source) and Thai through @lit/localize in runtime mode. Messages carry explicit ids; the Thai templates
// are in locales/th.ts. The choice is taken from the device (a saved choice, else the browser's languages).
import { configureLocalization } from '@lit/localize';
import { templates as thai } from './locales/th.js';

export const LOCALES = ['en', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
const KEY = 'makruk-web:locale';

export const { getLocale, setLocale } = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['th'],
  // bundled (the Thai strings are small): switching needs no network, and works offline
  loadLocale: async () => ({ templates: thai }),
});

export function preferredLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    if (saved === 'en' || saved === 'th') return saved;
  } catch {
    // no storage: use the browser's languages
  }
  const languages = globalThis.navigator?.languages ?? [];
  return languages.some((language) => language.toLowerCase().startsWith('th')) ? 'th' : 'en';
}

export async function useLocale(locale: Locale): Promise<void> {
  try {
    globalThis.localStorage?.setItem(KEY, locale);
  } catch {
    // not saved
  }
  document.documentElement.lang = locale;
  await setLocale(locale);
}
