import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { CountryCode } from '../../lib/shared/countries';
import { productQueries } from './api';

/**
 * A professional's search of the tools (the builder's step 2, the functional tools page): the typed words, deferred so
 * typing stays responsive, and one category, over the catalogue the viewer may see.
 */
export function useToolSearch(country: CountryCode, viewer: string) {
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const deferred = useDeferredValue(search.trim());
  const categories = useQuery(productQueries.categories(country, viewer));
  const list = useInfiniteQuery({
    ...productQueries.list(country, viewer, {
      ...(deferred ? { search: deferred } : {}),
      ...(categoryId !== undefined ? { categoryId } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  return {
    search,
    setSearch,
    categoryId,
    setCategoryId,
    categories: categories.data?.data ?? [],
    list,
    products: (list.data?.pages ?? []).flatMap((page) => page.data),
  };
}
