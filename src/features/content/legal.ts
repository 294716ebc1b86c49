import type { CountryCode } from '../../lib/shared/countries';
import { LEGAL_FACTS } from './legal/legal-facts';
import { fillPlaceholders } from './markdown';

const DOCUMENTS = import.meta.glob<string>('./legal/*.md', { query: '?raw', import: 'default' });

async function read(name: string): Promise<string> {
  const load = DOCUMENTS[`./legal/${name}.md`];
  if (!load) throw new Error(`Falta el documento legal ${name}`);
  return load();
}

/**
 * The terms of use (one text, with the country's laws and authorities filled in) followed by the country's own
 * privacy policy: Colombia, México and Perú ask for different consents for health data.
 */
export async function loadLegalDocument(country: CountryCode): Promise<string> {
  const [terms, privacy] = await Promise.all([read('terms-of-use'), read(`privacy-${country}`)]);
  return fillPlaceholders(`${terms}\n\n${privacy}`, LEGAL_FACTS[country]);
}
