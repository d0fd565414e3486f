/** index.html's root element, which a rendered page fills. */
const ROOT_ELEMENT = '<div id="root"></div>';
/** The app's entry and the modules it imports, as Vite writes them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export interface PageParts {
  /** The markup inside #root. */
  html: string;
  /** Style and data elements for the head. */
  head: string;
}

/**
 * The built index.html around a rendered page: its markup inside #root, its styles and data in the head, and the
 * app's code not loaded but listed in `<meta name="app-code">` (the entry, then what it imports), which
 * index.html's first script loads when the app is needed.
 */
export function pageDocument(template: string, page: PageParts): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry || !template.includes(ROOT_ELEMENT) || !template.includes('</head>')) {
    throw new Error(`index.html has no ${ROOT_ELEMENT}, </head> or entry script to render a page into.`);
  }
  const appCode = [entry, ...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)];
  return template
    .replace(ENTRY_SCRIPT, `<meta name="app-code" content="${appCode.join(' ')}">`)
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>`);
}
