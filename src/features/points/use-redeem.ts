import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CountryCode } from '../../lib/shared/countries';
import { pointsQueries, redeem, type PointsItemKind, type RedemptionRequest } from './api';
import { pointsFailure, surelyNotSpent, type PointsFailure, type PointsStoreError } from './points-messages';

/** What the user confirmed in the dialog. */
export interface RedeemTarget {
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

/**
 * Spec §4 redemptions: `redeeming` while a call is out; on success the balance becomes the answered `remaining` and
 * the histories are read again.
 */
export function useRedeem(country: CountryCode, userId: number) {
  const queryClient = useQueryClient();
  // One Idempotency-Key per request whose outcome is still in doubt: retrying the same request reuses it, so a
  // retry after a timeout spends once; a different request (another item or quantity) gets a key of its own.
  const pendingKeys = useRef(new Map<string, string>());
  const mutation = useMutation({ mutationFn: (request: RedemptionRequest) => redeem(country, request) });

  async function run(target: RedeemTarget): Promise<RedeemOutcome> {
    const signature = `${target.kind}:${target.id}:${target.quantity}`;
    const idempotencyKey = pendingKeys.current.get(signature) ?? crypto.randomUUID();
    pendingKeys.current.set(signature, idempotencyKey);
    const request: RedemptionRequest =
      target.kind === 'product'
        ? { kind: 'product', id: target.id, quantity: target.quantity, idempotencyKey }
        : { kind: target.kind, id: target.id, idempotencyKey };
    try {
      const { remaining } = await mutation.mutateAsync(request);
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
      // The points may have been spent although the answer was lost: show the balance the server has now.
      else void queryClient.invalidateQueries({ queryKey: pointsQueries.ledger(country, userId) });
      return { ok: false, failure: pointsFailure(error, FALLBACK_ERRORS[target.kind]) };
    }
  }

  return { redeem: run, redeeming: mutation.isPending };
}
