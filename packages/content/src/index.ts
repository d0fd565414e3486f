// The curriculum as code: loading a content folder (or CTFd files), its rules, and what a quiz's terminal becomes.
export type * from './content.model.ts';
export { loadContent, type LoadedContent } from './load-content.ts';
export { checkContent, runContentChecks, VALIDATE_CHECKS, type ContentCheck } from './content-checks.ts';
export { formatProblems, newFindings, ruleBroken, sortProblems, type ContentRules, type Findings } from './problems.ts';
export { repositoryRoot, shippedContent, shippedContentDir } from './shipped-content.ts';
export { readContentFile, refusalText } from './content-paths.ts';
export { localImageReferences } from './markdown-images.ts';
export { challengeLabContentOf, terminalContentOf, type StoredTerminal } from './terminal-content.ts';
export { loadCtfd } from './ctfd/load-ctfd.ts';
export { matchesAnswerPattern } from './ctfd/answer-patterns.ts';
export {
  renderSecrets,
  renderSecretText,
  sampleSecretValues,
  secretValues,
  usesSecrets,
  type LabSecretForm,
  type LabSecrets,
  type SecretOwner,
} from './lab-secrets.ts';
