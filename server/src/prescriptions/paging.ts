import type { QueryReader } from '../http/query-params';

interface Paging {
  page: number;
  limit: number;
}

/** `?page=&limit=` of a list: page 1 and `defaultLimit` unless asked, `limit` at most `maxLimit`. */
export function readPaging(query: QueryReader, defaultLimit: number, maxLimit: number): Paging {
  return {
    page: query.integer('page', { min: 1 }) ?? 1,
    limit: query.integer('limit', { min: 1, max: maxLimit }) ?? defaultLimit,
  };
}
