import { describe, expect, it } from 'vitest';
import { needsTopMargin } from './top-margin';

describe('120 px top margin (product §2)', () => {
  it.each([
    ['/co', false],
    ['/co/nosotros', false],
    ['/mx/iniciar-sesion', false],
    ['/pe/registro', false],
    ['/co/articulos/omega-3', false],
    ['/co/herramientas', true],
    ['/co/bolsa', true],
    ['/co/mi-cuenta/datos-personales', true],
  ])('%s → %s', (path, expected) => {
    expect(needsTopMargin(path)).toBe(expected);
  });
});
