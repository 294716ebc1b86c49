import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CountryCode } from '../../lib/shared/countries';
import type { PatientListDto } from '../../lib/shared/prescriptions';
import { useIdleAfterFirstPaint } from '../../lib/use-idle-after-first-paint';
import { useOnline } from '../../lib/use-online';
import { patientQueries } from './api';
import { storeToday } from './adherence-format';
import { searchRegister } from './register-search';

interface PatientListView {
  data: PatientListDto | undefined;
  /** When what is shown was last read from the server (ms since the epoch), 0 before anything was. */
  updatedAt: number;
  /** Whether what is shown may be old: the server could not be asked (offline, or the refresh failed). */
  unconfirmed: boolean;
  /** The last attempt to ask the server failed (the page says so and offers a retry). */
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  /** The previous search's answer, shown while this one loads. */
  isPlaceholderData: boolean;
  refetch: () => void;
}

/**
 * A page of the professional's patients: the server's answer while it is reachable, the register kept on the device
 * when it is not (the search then runs on the device), whichever of the two was read last when both are at hand.
 * Until the server answers, the device's register shows at once: a cold start offline never waits for the network.
 * The register is asked for again only once the page is painted and idle: it is the offline copy, and the page's own
 * list answers first (issue #18: one request fewer beside the first render).
 */
export function usePatientList(
  country: CountryCode,
  viewer: string,
  search: string,
  page: number,
  runningOut = false,
): PatientListView {
  const online = useOnline();
  const list = useQuery({
    ...patientQueries.list(country, viewer, search, page, runningOut),
    placeholderData: keepPreviousData,
  });
  const idle = useIdleAfterFirstPaint();
  const register = useQuery({ ...patientQueries.register(country, viewer), enabled: idle });
  const local = useMemo(
    () =>
      register.data
        ? searchRegister(register.data, search, page, undefined, runningOut ? storeToday(country) : undefined)
        : undefined,
    [register.data, search, page, runningOut, country],
  );
  const unconfirmed = !online || list.isError;
  const exact = list.data !== undefined && !list.isPlaceholderData;
  const refetch = () => {
    void list.refetch();
    void register.refetch();
  };
  const base = { unconfirmed, error: list.error, isFetching: list.isFetching, refetch };
  const serverIsNewer = list.dataUpdatedAt >= register.dataUpdatedAt;
  if (exact && (!unconfirmed || !local || serverIsNewer)) {
    return { ...base, data: list.data, updatedAt: list.dataUpdatedAt, isPending: false, isPlaceholderData: false };
  }
  if (local) {
    return { ...base, data: local, updatedAt: register.dataUpdatedAt, isPending: false, isPlaceholderData: false };
  }
  return {
    ...base,
    data: list.data,
    updatedAt: list.dataUpdatedAt,
    isPending: list.isPending,
    isPlaceholderData: list.isPlaceholderData,
  };
}
