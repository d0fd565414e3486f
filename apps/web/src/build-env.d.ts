/** The year the app was built (vite.config.ts): a prerendered page's footer year. */
declare const __BUILD_YEAR__: number;
