import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idempotencyHeader, useIdempotencyKey } from './idempotency';

describe('useIdempotencyKey', () => {
  it('keeps the key while the same content is retried, and changes it for other content or after success', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.current({ name: 'Julián', files: [['a.pdf', 10, 1]] });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.current({ name: 'Julián', files: [['a.pdf', 10, 1]] })).toBe(first);
    const edited = result.current.current({ name: 'Julián T.', files: [['a.pdf', 10, 1]] });
    expect(edited).not.toBe(first);
    result.current.renew();
    expect(result.current.current({ name: 'Julián T.', files: [['a.pdf', 10, 1]] })).not.toBe(edited);
  });

  it('names the header the server reads', () => {
    expect(idempotencyHeader('abc')).toEqual({ 'Idempotency-Key': 'abc' });
  });
});
