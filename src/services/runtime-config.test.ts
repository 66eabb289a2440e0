import { describe, expect, it } from 'vitest';
import { clientId, readRuntimeConfig } from './runtime-config';

/** A document holding `text` as the page's `<script id="app-config">` (or no such element when undefined). */
const page = (text?: string) => ({
  getElementById: (id: string) => (id === 'app-config' && text !== undefined ? ({ textContent: text } as HTMLElement) : null),
});

const CONFIG = { aesKey: 'a'.repeat(64), signKey: 'b'.repeat(64), debug: false, version: '3f2a9c01d4e5' };

describe('readRuntimeConfig', () => {
  it('reads the keys, the debug flag and the build version the server injected', () => {
    expect(readRuntimeConfig(page(JSON.stringify(CONFIG)))).toEqual(CONFIG);
  });

  it('is null on a page without the block', () => {
    expect(readRuntimeConfig(page())).toBeNull();
    expect(readRuntimeConfig(page(''))).toBeNull();
  });

  it('refuses a block that lacks a field or has one of the wrong type, naming what it expects', () => {
    const { version: _v, ...withoutVersion } = CONFIG;
    expect(() => readRuntimeConfig(page(JSON.stringify(withoutVersion)))).toThrow('{aesKey, signKey, debug, version}');
    expect(() => readRuntimeConfig(page(JSON.stringify({ ...CONFIG, debug: 'false' })))).toThrow('{aesKey, signKey, debug, version}');
    expect(() => readRuntimeConfig(page('null'))).toThrow('{aesKey, signKey, debug, version}');
  });

  it('refuses a block that is not JSON', () => {
    expect(() => readRuntimeConfig(page('{aesKey:'))).toThrow(SyntaxError);
  });
});

describe('clientId', () => {
  it("is 'pwa' in an installed app's standalone window, by the media query or iOS's own flag", () => {
    expect(clientId({ matchMedia: (query) => ({ matches: query === '(display-mode: standalone)' }) })).toBe('pwa');
    expect(clientId({ matchMedia: () => ({ matches: false }), navigator: { standalone: true } })).toBe('pwa');
  });

  it("is 'web' in a browser tab, and where the browser tells nothing", () => {
    expect(clientId({ matchMedia: () => ({ matches: false }), navigator: {} })).toBe('web');
    expect(clientId({})).toBe('web');
  });
});
