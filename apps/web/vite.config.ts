import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Brotli and gzip copies beside each asset, which the server sends to browsers that accept them.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8000', '/media': 'http://localhost:8000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // The shared contract is plain declarations (constants, texts, zod schemas): what a page does not
      // import can be dropped, so the public pages do not carry every schema and zod with them.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id) },
    },
  },
});
