import { describe, expect, it } from 'vitest';
import {
  canonicalCountryPath,
  getActiveCountry,
  homeCountry,
  languageOf,
  setActiveCountry,
  switchCountryPath,
} from './countries';
import { resolveCountry } from './shared/countries';

describe('country prefix (product §2, §5)', () => {
  it.each([
    ['/co', null],
    ['/mx/herramientas', null],
    ['/pe/mi-cuenta/datos-personales', null],
    ['/xx/herramientas', '/co/herramientas'],
    ['/ar/herramientas/magnesio', '/co/herramientas/magnesio'],
    ['/CO/herramientas', '/co/herramientas'],
    ['/', '/co'],
    ['/herramientas', '/co/herramientas'],
    ['/bolsa', '/co/bolsa'],
  ])('%s → %s', (path, expected) => {
    expect(canonicalCountryPath(path)).toBe(expected);
  });

  it('resolves anything but co, pe or mx to co', () => {
    expect(resolveCountry('pe')).toBe('pe');
    expect(resolveCountry('mx')).toBe('mx');
    expect(resolveCountry('ec')).toBe('co');
    expect(resolveCountry(undefined)).toBe('co');
    expect(resolveCountry(3)).toBe('co');
  });

  it('switches the country segment and keeps the screen', () => {
    expect(switchCountryPath('/co/herramientas', 'mx')).toBe('/mx/herramientas');
    expect(switchCountryPath('/pe', 'co')).toBe('/co');
  });

  it('maps co and mx to the es catalogue and pe to pe', () => {
    expect(languageOf('co')).toBe('es');
    expect(languageOf('mx')).toBe('es');
    expect(languageOf('pe')).toBe('pe');
  });

  it('keeps the active country in session storage', () => {
    expect(getActiveCountry()).toBeUndefined();
    setActiveCountry('pe');
    expect(sessionStorage.getItem('activeCountry')).toBe('pe');
    expect(getActiveCountry()).toBe('pe');
  });

  it('sends a path without a country (the installed app’s start and shortcuts) to the country used last', () => {
    setActiveCountry('mx');
    sessionStorage.clear();
    expect(homeCountry()).toBe('mx');
    expect(canonicalCountryPath('/')).toBe('/mx');
    expect(canonicalCountryPath('/mi-cuenta/prescripcion')).toBe('/mx/mi-cuenta/prescripcion');
    expect(canonicalCountryPath('/xx/herramientas')).toBe('/co/herramientas');
    localStorage.clear();
    expect(homeCountry()).toBe('co');
  });
});
