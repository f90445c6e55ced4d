// English (source) and Thai through @lit/localize in runtime mode. Messages carry explicit ids; the Thai templates
// are in locales/th.ts. The choice is taken from the device (a saved choice, else the browser's languages).
import { configureLocalization } from '@lit/localize';
import { storedWord } from '../stored.js';
import { templates as thai } from './locales/th.js';

export const LOCALES = ['en', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
const savedLocale = storedWord('locale', undefined, LOCALES);

export const { getLocale, setLocale } = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['th'],
  // bundled (the Thai strings are small): switching needs no network, and works offline
  loadLocale: async () => ({ templates: thai }),
});

export function preferredLocale(): Locale {
  const saved = savedLocale.read();
  if (saved) return saved; // else (none, or no storage) the browser's languages
  const languages = globalThis.navigator?.languages ?? [];
  return languages.some((language) => language.toLowerCase().startsWith('th')) ? 'th' : 'en';
}

export async function useLocale(locale: Locale): Promise<void> {
  savedLocale.write(locale);
  document.documentElement.lang = locale;
  await setLocale(locale);
}
