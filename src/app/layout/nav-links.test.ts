import { describe, expect, it } from 'vitest';
import { isNavLinkEnabled, navLinksFor } from './nav-links';

describe('navbar per role (product §2, §4)', () => {
  it('gives everyone products, blog and about us, and each role its fourth link', () => {
    expect(navLinksFor('anonymous').map((link) => link.path)).toEqual(['herramientas', 'articulos', 'nosotros']);
    expect(navLinksFor('doctor').at(-1)?.path).toBe('mi-cuenta/prescripcion');
    expect(navLinksFor('health_professional').at(-1)?.path).toBe('mi-cuenta/recomendaciones');
    expect(navLinksFor('patient').at(-1)?.path).toBe('mi-cuenta/mis-prescripciones');
  });

  it('disables login-only links unless the user is a patient or an approved professional', () => {
    const [doctorLink] = navLinksFor('doctor').slice(-1);
    const [patientLink] = navLinksFor('patient').slice(-1);
    expect(isNavLinkEnabled(doctorLink!, 'doctor', 'pending')).toBe(false);
    expect(isNavLinkEnabled(doctorLink!, 'doctor', 'approved')).toBe(true);
    expect(isNavLinkEnabled(patientLink!, 'patient', undefined)).toBe(true);
    expect(isNavLinkEnabled(doctorLink!, 'anonymous', 'approved')).toBe(false);
  });
});
