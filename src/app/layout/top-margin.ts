/** Product §2: these pages sit under the fixed header with their own hero; every other page gets a 120 px top margin. */
const FULL_BLEED_PAGES = ['', 'nosotros', 'iniciar-sesion', 'registro', 'articulos'];

export function needsTopMargin(pathname: string): boolean {
  const [, page = ''] = pathname.split('/').filter(Boolean);
  return !FULL_BLEED_PAGES.includes(page);
}
