export { loadContent } from './load-content.ts';
export { BADGE_RULE_KINDS, CHALLENGE_CATEGORIES } from './content.schemas.ts';
export type * from './content.model.ts';
export { importContent, validateContent, ContentProblems, type ImportSummary } from './import-content.ts';
export { importCtfd } from './import-ctfd.ts';
export { matchesAnswerPattern } from './ctfd/answer-patterns.ts';
