import type { CountryCode } from '../../../../src/lib/shared/countries';

/**
 * Demo contact channels of `npm start` (development and tests, never production): made-up numbers, unlike any build's
 * `VITE_CHAT_NUMBER`, so a test can tell the database's channel from the build's.
 */
export const DEMO_CONTACT_SETTINGS: Record<CountryCode, { phone: string; chatNumber: string }> = {
  co: { phone: '+57 601 555 0190', chatNumber: '573015550190' },
  mx: { phone: '+52 55 5555 0190', chatNumber: '5215555550190' },
  pe: { phone: '+51 1 555 0190', chatNumber: '51915550190' },
};
