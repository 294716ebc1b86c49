import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';
import { MenuIcon } from './menu-icon';

interface MobileMenuProps {
  /** Renders the menu's links; `close` dismisses the menu after navigating. */
  children: (close: () => void) => ReactNode;
}

/** Product §2: the mobile expandable menu with the profile, the links and the session actions. */
export function MobileMenu({ children }: MobileMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(true);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="icon-button menu-toggle" aria-label={t`Abrir menú`}>
        <MenuIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="mobile-menu__overlay" />
        <Dialog.Content className="mobile-menu" aria-describedby={undefined}>
          <div className="mobile-menu__top">
            <Dialog.Title className="mobile-menu__title">
              <Trans>Menú</Trans>
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t`Cerrar menú`}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {children(() => setOpen(false))}
          {/* Issue #19: here rather than in the header's menu content, so its code loads with the menu, not the shell. */}
          <LanguageSwitch />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
