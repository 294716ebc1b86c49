import { expect, type Locator, type Page } from '@playwright/test';
import { Shell } from './shell';

export type InterfaceLanguage = 'Español' | 'English';

/**
 * Words of the Spanish interface (buttons, labels, navigation, headings, table heads, the account's and the admin's
 * menus) that an English page must not show. Whole words, and none of them is part of a seeded product's, category's
 * or article's name, which are content and stay as written (a product is 'Colágeno Hidrolizado Tipo I y III', so
 * 'Tipo' is not here).
 */
export const SPANISH_INTERFACE_WORDS = [
  'Acciones',
  'Administración',
  'Agregar',
  'Anterior',
  'Aprobar',
  'Artículos',
  'Bolsa',
  'Buscar',
  'Cancelar',
  'Canjear',
  'Cantidad',
  'Cargando',
  'Cerrar',
  'Certificaciones',
  'Configuración',
  'Contraseña',
  'Correo electrónico',
  'Datos personales',
  'Descargar',
  'Dirección',
  'Disponibilidad',
  'Editar',
  'Eliminar',
  'Envíos',
  'Estado',
  'Favoritos',
  'Fecha',
  'Filtros',
  'Gestión',
  'Guardar',
  'Herramientas',
  'Inicia sesión',
  'Iniciar sesión',
  'Línea de atención',
  'Medios de pago',
  'Menú',
  'Nombre',
  'Nosotros',
  'Ordenar por',
  'Paciente',
  'Pacientes',
  'Pedidos',
  'Prescripción',
  'Presentación',
  'Productos',
  'Puntos',
  'Quitar',
  'Rechazar',
  'Recordatorios',
  'Registrarse',
  'Regístrate',
  'Resumen',
  'Sección',
  'Seguir',
  'Siguiente',
  'Solicitar',
  'Solicitudes',
  'Síguenos',
  'Teléfono',
  'Todos los derechos reservados',
  'Términos y condiciones',
  'Ver',
  'Volver',
] as const;

/** Issue #19: the 'Español / English' switch of the footer and of the phone menu, and what the interface speaks. */
export class LanguageSwitch extends Shell {
  readonly footerSwitch: Locator;
  readonly html: Locator;

  constructor(page: Page) {
    super(page);
    // The label names itself in both languages ('Idioma (Language)', 'Language (Idioma)').
    this.footerSwitch = this.footer.getByRole('combobox', { name: /Idioma|Language/ });
    this.html = page.locator('html');
  }

  async chooseInFooter(language: InterfaceLanguage) {
    await this.footerSwitch.selectOption({ label: language });
  }

  /** The phone menu, whichever language its button speaks. */
  menu(): Locator {
    return this.page.getByRole('dialog', { name: /^(Menú|Menu)$/ });
  }

  async openMenu() {
    await this.page.getByRole('button', { name: /^(Abrir menú|Open menu)$/ }).click();
    await expect(this.menu()).toBeVisible();
  }

  async chooseInMenu(language: InterfaceLanguage) {
    await this.openMenu();
    await this.menu()
      .getByRole('combobox', { name: /Idioma|Language/ })
      .selectOption({ label: language });
  }

  /** Resolves once the choice is saved on the device, so a reload that follows reads it. */
  async waitForSavedChoice(value: 'es' | 'en') {
    await this.waitForSavedOnDevice(value, 'language');
  }

  /**
   * The Spanish interface words found in the page's chrome: header, footer, navigation, buttons, labels, headings,
   * definition terms, column headers, the names given to assistive technology and the document title. An article's
   * body (`.prose`) and a product's description are content: they stay Spanish while no English text exists; so do a
   * table's row headers, which hold a record's name (a patient whose account was deleted is kept as 'Paciente
   * eliminada', as the server wrote it).
   */
  async spanishInterfaceWords(): Promise<string[]> {
    const texts = await this.page.evaluate(() => {
      // Content, and what a page marks as Spanish (the legal text exists in Spanish only).
      const CONTENT = '.prose, .product-page__description, :not(html)[lang|="es"]';
      const chrome = [
        ...document.querySelectorAll<HTMLElement>(
          'header, footer, nav, button, label, legend, h1, h2, h3, dt, th:not([scope="row"]), [role="status"], [role="alert"]',
        ),
      ].filter((element) => !element.closest(CONTENT));
      const named = [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].filter(
        (element) => !element.closest(CONTENT),
      );
      return [
        document.title,
        ...chrome.map((element) => element.innerText),
        ...named.flatMap((element) =>
          ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
        ),
      ];
    });
    const found = new Set<string>();
    for (const word of SPANISH_INTERFACE_WORDS) {
      const pattern = new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'u');
      if (texts.some((text) => pattern.test(text))) found.add(word);
    }
    return [...found];
  }

  /** Waits (web-first) until the page's chrome shows none of the Spanish interface words. */
  async expectNoSpanishInterface() {
    await expect
      .poll(() => this.spanishInterfaceWords(), { message: 'palabras de la interfaz en español' })
      .toEqual([]);
  }
}
