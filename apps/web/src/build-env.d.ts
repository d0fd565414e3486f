/** The year the app was built (vite.config.ts): a prerendered page's footer year. */
declare const __BUILD_YEAR__: number;

/** The size of v86's WebAssembly core (vite.config.ts): part of what a lab's first start downloads. */
declare const __V86_WASM_BYTES__: number;
