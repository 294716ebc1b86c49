import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface TourStep {
  /** CSS selectors tried in order; the first visible one is highlighted. None: a centred card. */
  targets: readonly string[];
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** The main screens, as seen from home; a step whose element is not on the page (no chat configured) is skipped. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    targets: [],
    title: msg`Te damos la bienvenida`,
    text: msg`En menos de un minuto te mostramos lo principal del dispensario. Puedes salir cuando quieras con la tecla Esc o con «Saltar recorrido».`,
  },
  {
    targets: ['.site-nav', '.menu-toggle'],
    title: msg`Productos, blog y nosotros`,
    text: msg`Desde aquí llegas al catálogo de herramientas funcionales, a los artículos del blog y a quiénes somos. Con tu sesión abierta aparecen también tus prescripciones o recomendaciones.`,
  },
  {
    targets: ['.country-button'],
    title: msg`Tu país`,
    text: msg`Precios, medios de pago y envíos dependen del país. Cámbialo aquí cuando lo necesites.`,
  },
  {
    targets: ['[data-side-cart-toggle]'],
    title: msg`Tu bolsa de compras`,
    text: msg`Lo que agregas se guarda en este dispositivo, aun sin conexión. Desde la bolsa completas la compra.`,
  },
  {
    targets: ['[data-tour="services"]'],
    title: msg`Nuestros servicios`,
    text: msg`Prescripciones con recompra, recursos médicos, puntos para profesionales, productos personalizados y más.`,
  },
  {
    targets: ['[data-tour="attention"]'],
    title: msg`¿Necesitas un médico?`,
    text: msg`Solicita atención médica y te ponemos en contacto con un profesional de nuestra red.`,
  },
  {
    targets: ['[data-tour="register"]'],
    title: msg`Crea tu cuenta`,
    text: msg`Médicos y profesionales de la salud se registran aquí. Los pacientes lo hacen con la invitación de su profesional.`,
  },
  {
    targets: ['[data-tour="chat"]'],
    title: msg`Escríbenos por chat`,
    text: msg`Un asesor te responde en horario de atención, también para fórmulas personalizadas.`,
  },
  {
    targets: ['[data-tour="footer"]'],
    title: msg`Contacto y horarios`,
    text: msg`Aquí están la línea de atención, los horarios, los términos y el enlace para repetir este recorrido.`,
  },
];
