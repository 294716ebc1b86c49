import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { languageChoiceAtom } from '../../../lib/language';
import { notificationPermission } from '../../../lib/push';
import type { CountryCode } from '../../../lib/shared/countries';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session/use-session';
import { matchDeviceLanguage } from '../api';

/**
 * Issue #19: this device's reminder pushes follow its 'Español / English' choice (loaded on demand by the layout,
 * for a member whose browser allowed notifications). Checked when a member opens the
 * app, switches the language or comes back online, so a switch made offline or signed out reaches the server at the
 * next of those moments; the opt-in itself is online only, and so is this.
 */
export function PushLanguageSync({ country }: { country: CountryCode }) {
  const uid = useSession(country)?.user.uid;
  const language = useAtomValue(languageChoiceAtom);
  const online = useOnline();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Without the permission this browser has no subscription: nothing to check, no request.
    if (!uid || !online || notificationPermission() !== 'granted') return;
    // The next start, switch or reconnection checks again.
    void matchDeviceLanguage(queryClient, country, uid, language).catch(() => undefined);
  }, [uid, country, language, online, queryClient]);
  return null;
}
