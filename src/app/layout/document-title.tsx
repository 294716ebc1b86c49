import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Each route's own document title: the page's main heading, then the store's name. It follows the heading rather than
 * a list of titles per route so no route can be forgotten, and a heading that changes (a builder's 'creada', a
 * product's name once loaded) changes the title with it. Lazy routes draw their heading after the navigation, hence
 * the observer. The administration's screens say so after their heading: the admin's 'Herramientas funcionales' is
 * not the catalogue's.
 */
export function DocumentTitle() {
  const { t } = useLingui();
  const store = t`Dispensario Funcional`;
  const admin = useLocation().pathname.split('/')[2] === 'admin';
  const area = admin ? t`Administración` : null;
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const update = () => {
      const heading = main.querySelector('h1')?.textContent?.trim();
      const title = [heading, area, store].filter(Boolean).join(' · ');
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [store, area]);
  return null;
}
