import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';
import { cartForCountryAtom, sideCartOpenAtom, sideCartTakesFocusAtom } from '../atoms';
import { CartLine } from './cart-line';
import { CartTotals } from './cart-totals';

/** Product §9: the side cart closes itself this long after opening, when it has items. */
export const SIDE_CART_AUTO_CLOSE_MS = 3000;

interface SideCartProps {
  country: CountryCode;
  /** 'Ver bolsa' also sets the checkout step to 1: the app wires it, the checkout state is not the cart's. */
  onViewBag: () => void;
}

/**
 * Product §2 and §4: slides in from the right (450 px, full width on phones). It auto-closes 3 s after opening when it
 * has items, except while the pointer is over it, once a finger touched it or the focus is in it, on the bag page,
 * or once the user closed it; a click outside closes it. Opened from the header's bag button it takes the focus
 * (opened by 'Agregar a la bolsa' it leaves the focus on the product, so shopping goes on); closing gives the focus
 * back to where it was.
 */
export function SideCart({ country, onViewBag }: SideCartProps) {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(sideCartOpenAtom);
  const cart = useAtomValue(cartForCountryAtom(country));
  const { pathname } = useLocation();
  const [hovered, setHovered] = useState(false);
  // A touch has no hover: once a finger is down on the drawer it stays open until closed on purpose.
  const [touched, setTouched] = useState(false);
  const [focused, setFocused] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [takesFocus, setTakesFocus] = useAtom(sideCartTakesFocusAtom);
  const onBag = pathname.startsWith(`/${country}/bolsa`);
  const hasItems = cart.cartItems.length > 0;

  useEffect(() => {
    if (!open || !hasItems || hovered || touched || focused || onBag) return;
    const timer = setTimeout(() => setOpen(false), SIDE_CART_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, hasItems, hovered, touched, focused, onBag, setOpen]);

  useEffect(() => {
    if (!open) return;
    const drawer = panel.current;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (takesFocus) closeButton.current?.focus();
    return () => {
      setTouched(false);
      setTakesFocus(false);
      // Closed while the focus was inside (or lost with the drawer going inert): give it back to the opener.
      const active = document.activeElement;
      const lost = !active || active === document.body || drawer?.contains(active);
      const back = returnFocus.current;
      if (lost && back?.isConnected) back.focus();
    };
  }, [open, takesFocus, setTakesFocus]);

  // Listening from the commit that opens the drawer, before it is painted: an Escape pressed as soon as the drawer
  // shows (a keyboard user who added a product) must close it, not wait for a passive effect after the paint.
  useLayoutEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (panel.current?.contains(target) || target?.closest('[data-side-cart-toggle]')) return;
      setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, setOpen]);

  return (
    <aside
      id="side-cart"
      ref={panel}
      className={open ? 'side-cart side-cart--open' : 'side-cart'}
      aria-label={t`Bolsa de compras`}
      aria-hidden={!open}
      inert={!open}
      onPointerEnter={(event) => event.pointerType !== 'touch' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType !== 'touch' && setHovered(false)}
      onPointerDown={(event) => event.pointerType === 'touch' && setTouched(true)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="side-cart__header">
        <h2>
          <Trans>Bolsa de compras</Trans>
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="icon-button"
          aria-label={t`Cerrar bolsa`}
          onClick={() => setOpen(false)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {hasItems ? (
        <>
          <ul className="plain-list side-cart__items">
            {cart.cartItems.map((item) => (
              <CartLine key={item.id} item={item} country={country} compact />
            ))}
          </ul>
          <div className="side-cart__footer">
            <CartTotals cart={cart} country={country} testIdPrefix="side-cart" />
            <Link
              to={`/${country}/bolsa`}
              className="button button--primary button--block"
              onClick={() => {
                onViewBag();
                setOpen(false);
              }}
            >
              <Trans>Ver bolsa</Trans>
            </Link>
          </div>
        </>
      ) : (
        <div className="side-cart__empty">
          <p>
            <Trans>Aún no has agregado productos al carrito</Trans>
          </p>
          <Link to={`/${country}/herramientas`} className="button button--primary" onClick={() => setOpen(false)}>
            <Trans>Seguir comprando</Trans>
          </Link>
        </div>
      )}
    </aside>
  );
}
