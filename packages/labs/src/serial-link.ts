/** The guest's serial console as the host sees it: text in, text out. */
export interface SerialLink {
  send(text: string): void;
  /** Returns a function that stops listening. */
  onOutput(listener: (text: string) => void): () => void;
}
