import { describe, expect, it } from 'vitest';
import { cspSourcesOf, parseCspSources } from './csp-sources';

describe('the services a build tells the server about', () => {
  it('keeps the origins of absolute service URLs once, and a maps key as a yes', () => {
    expect(
      cspSourcesOf({
        VITE_AUTH_BASE_URL: 'https://auth.example/v1/',
        VITE_GATEWAY_BASE_URL: 'https://auth.example/gateway',
        VITE_MAPS_API_KEY: 'clave',
      }),
    ).toEqual({ serviceOrigins: ['https://auth.example'], maps: true });
  });

  it('relative or missing URLs are the same origin; a blank key is no maps', () => {
    expect(cspSourcesOf({ VITE_AUTH_BASE_URL: '/api', VITE_MAPS_API_KEY: '  ' })).toEqual({
      serviceOrigins: [],
      maps: false,
    });
  });

  it('reads back only well-formed origins; anything else is same-origin only', () => {
    expect(parseCspSources('{"serviceOrigins":["https://api.example/x","javascript:alert(1)",3],"maps":true}')).toEqual(
      {
        serviceOrigins: ['https://api.example'],
        maps: true,
      },
    );
    expect(parseCspSources('no es json')).toEqual({ serviceOrigins: [], maps: false });
    expect(parseCspSources(undefined)).toEqual({ serviceOrigins: [], maps: false });
  });
});
