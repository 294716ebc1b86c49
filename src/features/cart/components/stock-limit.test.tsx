import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { StockLimit } from './stock-limit';

describe('stock limit message', () => {
  it.each([
    [1, 'Solo queda 1 unidad'],
    [2, 'Solo quedan 2 unidades'],
    [18, 'Solo quedan 18 unidades'],
  ])('says %i units in Spanish with the right plural', (units, text) => {
    render(
      <I18nProvider i18n={i18n}>
        <StockLimit units={units} />
      </I18nProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(text);
  });
});
