import { msg } from '@lingui/core/macro';
import { describe, expect, it, vi } from 'vitest';

describe('a message both catalogues hold (issue #19)', () => {
  it('keeps the visitor catalogue’s English when the members catalogue arrives after it', async () => {
    // A fresh module graph: the members catalogue must load after the visitor one, as when a member screen opens.
    vi.resetModules();
    const { activateLocale, i18n, loadScreenMessages } = await import('./i18n');
    await activateLocale('en');
    await loadScreenMessages('members');
    // 'Productos' is in the header (visitor catalogue) and in the admin screens (members catalogue, where its English
    // may still be missing and compiled as the Spanish fallback).
    expect(i18n._(msg`Productos`)).toBe('Products');
    await activateLocale('es');
  });
});
