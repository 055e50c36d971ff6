/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself (src/pwa) so it controls when an update reloads.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Hartwell Creator Trade Programme',
        short_name: 'Creator Programme',
        description: 'Apply for a trade partnership with Hartwell Window Co. as a content creator.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#24434a',
        background_color: '#ffffff',
        lang: 'en',
      },
      // Icons (192, 512, maskable, apple-touch, favicon.ico) generated from the one SVG source at build time.
      pwaAssets: {
        image: 'public/favicon.svg',
        preset: 'minimal-2023',
        overrideManifestIcons: true,
        injectThemeColor: false,
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
  test: {
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/component/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/vitest-setup.ts'],
    restoreMocks: true,
  },
});
