export const CHALLENGES_PATH = '/challenges';

export const challengePath = (id: string) => `/challenges/${id}`;
export const progressPath = (id: string) => `/challenges/${id}/progress`;
export const completionPath = (completionId: string) => `/completion/challenge/${completionId}`;
