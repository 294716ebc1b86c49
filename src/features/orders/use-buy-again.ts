import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/http';
import type { ProductDto } from '../../lib/shared/api-types';
import type { CountryCode } from '../../lib/shared/countries';
import type { OrderDto } from '../../lib/shared/orders';
import { useViewerKey } from '../../lib/session/use-viewer-key';
import { productQueries } from '../catalog/api';
import {
  orderProductIds,
  planBuyAgain,
  type BuyAgainCartResult,
  type BuyAgainLine,
  type BuyAgainReduced,
  type BuyAgainSkip,
} from './buy-again';

export type BuyAgainState =
  | { phase: 'idle' }
  | { phase: 'working' }
  | { phase: 'failed'; message: string }
  | { phase: 'done'; added: BuyAgainLine[]; skipped: BuyAgainSkip[]; reduced: BuyAgainReduced[] };

/** The store no longer offers the product to this viewer: not an error, the line is skipped. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

/**
 * Re-buys an order in `country`: asks the catalogue for each product's current data (same query keys, country and
 * viewer as the product page, so its cache is refreshed too), plans the lines and hands them to `addToCart`.
 * Any failure other than "no longer sold" stops everything: a half-filled cart on a flaky connection would mislead.
 */
export function useBuyAgain(country: CountryCode, addToCart: (lines: BuyAgainLine[]) => BuyAgainCartResult) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const [state, setState] = useState<BuyAgainState>({ phase: 'idle' });

  async function buyAgain(order: OrderDto) {
    setState({ phase: 'working' });
    const ids = orderProductIds(order.items);
    const answers = await Promise.allSettled(
      ids.map((id) =>
        // staleTime 0: a cached product may be hours old; stock and availability must be today's.
        queryClient.fetchQuery({ ...productQueries.detail(country, viewer, String(id)), staleTime: 0 }),
      ),
    );
    const products = new Map<number, ProductDto | null>();
    for (const [index, answer] of answers.entries()) {
      const id = ids[index] as number;
      if (answer.status === 'fulfilled') {
        products.set(id, answer.value);
      } else if (isGone(answer.reason)) {
        products.set(id, null);
      } else {
        setState({ phase: 'failed', message: errorMessage(answer.reason) });
        return;
      }
    }
    const plan = planBuyAgain(order.items, products);
    const { unchanged } = plan.lines.length > 0 ? addToCart(plan.lines) : { unchanged: [] };
    const refused = new Set(unchanged);
    setState({
      phase: 'done',
      added: plan.lines.filter((line) => !refused.has(line.product.id)),
      skipped: [
        ...plan.skipped,
        ...plan.lines
          .filter((line) => refused.has(line.product.id))
          .map((line) => ({
            productId: line.product.id,
            name: order.items.find((item) => item.productId === line.product.id)?.name ?? line.product.name,
            reason: 'cart_limit' as const,
          })),
      ],
      reduced: plan.reduced.filter((entry) => !refused.has(entry.productId)),
    });
  }

  return { state, buyAgain, reset: () => setState({ phase: 'idle' }) };
}
