import type { CountryCode } from '../../lib/shared/countries';
import { LEGAL_FACTS } from './legal/legal-facts';
import { fillPlaceholders } from './markdown';

// In the terms page's chunk (12 KB, 5 KB compressed, all countries): four files of their own were four more for every
// device's service worker to install, which pays per file.
const DOCUMENTS = import.meta.glob<string>('./legal/*.md', { query: '?raw', import: 'default', eager: true });

function read(name: string): string {
  const text = DOCUMENTS[`./legal/${name}.md`];
  if (text === undefined) throw new Error(`Falta el documento legal ${name}`);
  return text;
}

/**
 * The terms of use (one text, with the country's laws and authorities filled in) followed by the country's own
 * privacy policy: Colombia, México and Perú ask for different consents for health data.
 */
export function loadLegalDocument(country: CountryCode): Promise<string> {
  return Promise.resolve(
    fillPlaceholders(`${read('terms-of-use')}\n\n${read(`privacy-${country}`)}`, LEGAL_FACTS[country]),
  );
}
