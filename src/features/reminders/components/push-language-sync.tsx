import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { languageChoiceAtom } from '../../../lib/language';
import { notificationPermission } from '../../../lib/push';
import type { CountryCode } from '../../../lib/shared/countries';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../auth/use-session';

/**
 * Issue #19: this device's reminder pushes follow its 'Español / English' choice. Checked when a member opens the
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
    // On demand: only members who allowed notifications need it, and the app shell stays as small as it was.
    void import('../api')
      .then(({ matchDeviceLanguage }) => matchDeviceLanguage(queryClient, country, uid, language))
      // The next start, switch or reconnection checks again.
      .catch(() => undefined);
  }, [uid, country, language, online, queryClient]);
  return null;
}
