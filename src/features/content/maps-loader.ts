// The maps provider's script, loaded only by a "where we are" section that scrolls into view and only when a key is
// configured (product §1 loads it on every page; see docs/decisions.md). No types package: the few calls are typed here.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapsApi {
  Map: new (element: HTMLElement, options: Record<string, unknown>) => unknown;
  Marker: new (options: { position: LatLng; map: unknown; title?: string }) => unknown;
}

type MapsWindow = Window & { google?: { maps?: MapsApi }; __dispensarioMapsReady?: () => void };

export const MAPS_SCRIPT_TIMEOUT_MS = 10_000;
const CALLBACK = '__dispensarioMapsReady';

let loading: Promise<MapsApi> | undefined;

export function mapsScriptUrl(key: string, language: string): string {
  const params = new URLSearchParams({ key, callback: CALLBACK, loading: 'async', v: 'weekly', language });
  return `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
}

/** One script per page, shared by every map; a failure (offline, bad key, blocked) can be retried later. */
export function loadMaps(key: string, language = 'es'): Promise<MapsApi> {
  const win = window as MapsWindow;
  if (win.google?.maps) return Promise.resolve(win.google.maps);
  loading ??= new Promise<MapsApi>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      loading = undefined;
      reject(new Error('No se pudo cargar el mapa'));
    };
    const timer = setTimeout(fail, MAPS_SCRIPT_TIMEOUT_MS);
    win[CALLBACK] = () => {
      clearTimeout(timer);
      if (win.google?.maps) resolve(win.google.maps);
      else fail();
    };
    script.src = mapsScriptUrl(key, language);
    script.async = true;
    script.onerror = fail;
    document.head.append(script);
  });
  return loading;
}
