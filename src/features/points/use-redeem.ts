import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CountryCode } from '../../lib/shared/countries';
import type { PointsProductLineDto, RedemptionResponseDto } from '../../lib/shared/points';
import { pointsQueries, redeem, redeemBatch, type PointsItemKind, type RedemptionRequest } from './api';
import { pointsFailure, surelyNotSpent, type PointsFailure, type PointsStoreError } from './points-messages';

/** What the user confirmed in the dialog. */
interface RedeemTarget {
  kind: PointsItemKind;
  id: number;
  /** 1 for events and combos. */
  quantity: number;
}

export type RedeemOutcome = { ok: true; remaining: number } | { ok: false; failure: PointsFailure };

const FALLBACK_ERRORS: Record<PointsItemKind, PointsStoreError> = {
  event: 'event',
  combo: 'combo',
  product: 'redeemProduct',
};

interface SpendCall {
  /** Names the request: the same signature reuses the Idempotency-Key of an attempt whose outcome is in doubt. */
  signature: string;
  send: (idempotencyKey: string) => Promise<RedemptionResponseDto>;
  fallback: PointsStoreError;
}

/**
 * Product §4 redemptions: `spending` while a call is out; on success the balance becomes the answered `remaining` and
 * the histories are read again.
 */
function useSpend(country: CountryCode, userId: number) {
  const queryClient = useQueryClient();
  // One Idempotency-Key per request whose outcome is still in doubt: retrying the same request reuses it, so a
  // retry after a timeout spends once; a different request (another item or quantity) gets a key of its own.
  const pendingKeys = useRef(new Map<string, string>());
  const mutation = useMutation({
    mutationFn: ({ send, key }: { send: SpendCall['send']; key: string }) => send(key),
  });

  async function spend({ signature, send, fallback }: SpendCall): Promise<RedeemOutcome> {
    const key = pendingKeys.current.get(signature) ?? crypto.randomUUID();
    pendingKeys.current.set(signature, key);
    try {
      const { remaining } = await mutation.mutateAsync({ send, key });
      pendingKeys.current.delete(signature);
      const balanceKey = pointsQueries.balance(country, userId).queryKey;
      // A balance read still in flight was asked before the spend: it must not overwrite `remaining`.
      await queryClient.cancelQueries({ queryKey: balanceKey });
      queryClient.setQueryData(balanceKey, { points: remaining });
      // Points belong to the person, not the country: their ledger cached under other countries is stale too.
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === 'points' && queryKey[2] === userId && !(queryKey[1] === country && queryKey[3] === 'balance'),
      });
      return { ok: true, remaining };
    } catch (error) {
      if (surelyNotSpent(error)) pendingKeys.current.delete(signature);
      // The points may have been spent although the answer was lost, or a refusal may come from points spent on
      // another device: either way, show the balance the server has now.
      void queryClient.invalidateQueries({ queryKey: pointsQueries.ledger(country, userId) });
      return { ok: false, failure: pointsFailure(error, fallback) };
    }
  }

  return { spend, spending: mutation.isPending };
}

/** One event, combo or point product. */
export function useRedeem(country: CountryCode, userId: number) {
  const { spend, spending } = useSpend(country, userId);

  function run(target: RedeemTarget): Promise<RedeemOutcome> {
    return spend({
      signature: `${target.kind}:${target.id}:${target.quantity}`,
      fallback: FALLBACK_ERRORS[target.kind],
      send: (idempotencyKey) => {
        const request: RedemptionRequest =
          target.kind === 'product'
            ? { kind: 'product', id: target.id, quantity: target.quantity, idempotencyKey }
            : { kind: target.kind, id: target.id, idempotencyKey };
        return redeem(country, request);
      },
    });
  }

  return { redeem: run, redeeming: spending };
}

/** Several point products in one call (`redeem/batch`): all are paid or none. */
export function useRedeemBatch(country: CountryCode, userId: number) {
  const { spend, spending } = useSpend(country, userId);

  function run(lines: readonly PointsProductLineDto[]): Promise<RedeemOutcome> {
    const ordered = [...lines].sort((a, b) => a.productId - b.productId);
    return spend({
      signature: `batch:${ordered.map((line) => `${line.productId}x${line.quantity}`).join(',')}`,
      fallback: 'batch',
      send: (idempotencyKey) => redeemBatch(country, ordered, idempotencyKey),
    });
  }

  return { redeemBatch: run, redeeming: spending };
}
