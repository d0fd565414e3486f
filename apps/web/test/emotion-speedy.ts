import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Emotion's default style sheet, made to work as in the built app: rules inserted through the CSSOM into one <style>
 * element. Outside a production build it appends a <style> element per rule instead, and jsdom then reads them all
 * again for every computed style (axe asks for thousands): the web tests took twice the CPU (decision 0180). Only
 * before the first rule: a worker's files share the sheet once one has used it.
 */
export function insertStylesAsBuilt(): void {
  let cache: EmotionCache | null = null;
  function Probe() {
    cache = __unsafe_useEmotionCache();
    return null;
  }
  renderToStaticMarkup(createElement(Probe));
  // Assigned inside Probe, which TypeScript does not follow.
  const sheet = (cache as EmotionCache | null)?.sheet;
  if (!sheet) throw new Error('Emotion has no default cache to configure');
  if (sheet.ctr === 0) sheet.isSpeedy = true;
}
