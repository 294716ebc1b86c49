/* eslint-disable lingui/no-unlocalized-strings -- city names and postal addresses are proper nouns, never translated. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CountryCode } from '../../lib/shared/countries';

export interface Location {
  city: string;
  /** Street address as written on an envelope in that country. */
  address: string;
  latitude: number;
  longitude: number;
  coverage: MessageDescriptor;
}

/** Where each country's dispensary attends (product §2 home: where we are). One place to change when a site moves. */
export const LOCATIONS: Record<CountryCode, Location> = {
  co: {
    city: 'Bogotá',
    address: 'Calle 93 # 13-24, oficina 402, Chicó Norte, Bogotá',
    latitude: 4.6767,
    longitude: -74.0482,
    coverage: msg`Despachamos a todo el territorio colombiano; en Bogotá, normalmente en 24 horas hábiles.`,
  },
  mx: {
    city: 'Ciudad de México',
    address: 'Av. Presidente Masaryk 101, piso 3, Polanco, Miguel Hidalgo, 11560 Ciudad de México',
    latitude: 19.4319,
    longitude: -99.1915,
    coverage: msg`Enviamos a toda la República Mexicana; en la Ciudad de México, normalmente en 24 horas hábiles.`,
  },
  pe: {
    city: 'Lima',
    address: 'Av. José Larco 1150, oficina 501, Miraflores, Lima',
    latitude: -12.1284,
    longitude: -77.0297,
    coverage: msg`Despachamos a todo el Perú; en Lima Metropolitana, normalmente en 24 horas hábiles.`,
  },
};

/** A link that opens the address in the maps service: the fallback when there is no key or no network. */
export function directionsUrl(location: Location): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${location.address}`)}`;
}
