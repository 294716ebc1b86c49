import { describe, expect, it } from 'vitest';
import { messagesByText } from './messages-by-text';

describe('messagesByText', () => {
  it('finds a message by its Spanish text, and shows one without an entry as the schema says it', () => {
    const entry = { id: 'abc123', message: 'Campo obligatorio' };
    const lookup = messagesByText({ 'Campo obligatorio': entry });
    expect(lookup('Campo obligatorio')).toBe(entry);
    expect(lookup('Valor no válido.')).toEqual({ id: 'Valor no válido.', message: 'Valor no válido.' });
  });
});
