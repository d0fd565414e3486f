import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { aliases } from './build/aliases.ts';
import { buildDefines } from './build/defines.ts';
import { prerender } from './build/prerender-plugin.ts';

export default defineConfig({
  // Brotli and gzip copies beside each asset, which the server sends to browsers that accept them.
  // The lab's emulator core, BIOS and root filesystem index compress well; its kernel and boot initramfs are
  // compressed already, and so is each root filesystem file (zstd, served by the API).
  plugins: [
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|xml|css|json|js|mjs|svg|yaml|yml|toml|wasm|bin)$/,
    }),
    // The public pages' renderer, for the server: their content paints before any script runs.
    prerender(),
  ],
  resolve: { alias: aliases },
  define: buildDefines(),
  // The lab's worker imports v86 as an ES module.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8000',
      '/media': 'http://localhost:8000',
      '/assets/lab-image': 'http://localhost:8000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // The lab's kernel has no extension of its own; one keeps its hashed name a file name.
      output: {
        assetFileNames: (asset) =>
          asset.names.includes('vmlinuz') ? 'assets/vmlinuz-[hash].bzimage' : 'assets/[name]-[hash][extname]',
      },
      // The shared contract is plain declarations (constants, texts, zod schemas): what a page does not
      // import can be dropped, so the public pages do not carry every schema and zod with them.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id) },
    },
  },
});
